import { describe, expect, it } from 'vitest';
import {
  checkWorkspaceName,
  defaultWorkspaceName,
  hostName,
  MAX_WORKSPACE_NAME_LENGTH,
  workspaceSlug,
} from '@/lib/storage/workspaces/workspace-name';

const existing = [
  { id: 'a1', name: 'Acme' },
  { id: 'b2', name: 'Globex staging ' },
];

describe('checkWorkspaceName', () => {
  it.each<[string, string, string]>([
    ['trimmed', '  Initech  ', 'Initech'],
    ['at the limit', 'x'.repeat(MAX_WORKSPACE_NAME_LENGTH), 'x'.repeat(MAX_WORKSPACE_NAME_LENGTH)],
    ['any script, counted in characters', '東京レビュー🙂', '東京レビュー🙂'],
    ['a name that only contains another', 'Acme 2', 'Acme 2'],
  ])('accepts a name %s', (_label, raw, name) => {
    expect(checkWorkspaceName(raw, existing)).toEqual({ ok: true, name });
  });

  it.each<[string, string, string]>([
    ['empty', '', 'empty'],
    ['only spaces', '   \u00a0 ', 'empty'],
    ['too long', 'x'.repeat(MAX_WORKSPACE_NAME_LENGTH + 1), 'tooLong'],
    ['with a line break', 'Acme\nReviews', 'controlCharacters'],
    ['with a tab', 'Acme\tReviews', 'controlCharacters'],
    ['with a C1 control character', 'Acme\u0085', 'controlCharacters'],
    ['taken, whatever the case', 'ACME', 'duplicate'],
    ['taken, once trimmed on both sides', ' globex STAGING', 'duplicate'],
  ])('refuses a name that is %s', (_label, raw, problem) => {
    expect(checkWorkspaceName(raw, existing)).toEqual({ ok: false, problem });
  });

  it('a workspace keeps its own name (renaming to the same, or to another case)', () => {
    expect(checkWorkspaceName('acme', existing, 'a1')).toEqual({ ok: true, name: 'acme' });
    expect(checkWorkspaceName('acme', existing, 'b2')).toEqual({ ok: false, problem: 'duplicate' });
  });
});

describe('names made by the extension', () => {
  it('"Workspace N": the next number that is free', () => {
    expect(defaultWorkspaceName([])).toBe('Workspace 1');
    expect(defaultWorkspaceName(existing)).toBe('Workspace 3');
    expect(defaultWorkspaceName([...existing, { id: 'c3', name: 'workspace 3' }])).toBe('Workspace 4');
  });

  it('the host of the first address that has one', () => {
    expect(hostName(['https://projects.example.com/createProject', 'https://ug.example.com'])).toBe(
      'projects.example.com',
    );
    expect(hostName(['', 'not an address', 'http://127.0.0.1:8787/ug'])).toBe('127.0.0.1');
    expect(hostName(['', ''])).toBeUndefined();
  });

  it('a slug for file names: ASCII letters, digits and dashes', () => {
    expect(workspaceSlug('Acme — Staging!')).toBe('acme-staging');
    expect(workspaceSlug('Café Crème')).toBe('cafe-creme');
    expect(workspaceSlug('東京')).toBe('workspace');
    expect(workspaceSlug('a'.repeat(80))).toHaveLength(40);
  });
});
