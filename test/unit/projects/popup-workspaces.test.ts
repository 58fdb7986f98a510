import { describe, expect, it } from 'vitest';
import { canRegisterPages } from '@/lib/storage/workspaces/workspace-source';

// Issue 26, point 6: the popup's Workspace select offers only workspaces that can register a page.

const workspace = (id: string) => ({ id, name: `W ${id}`, createdAt: '2026-01-01T00:00:00.000Z' });

describe('canRegisterPages', () => {
  it('keeps the workspaces whose project API has an address, in their order', () => {
    const settings = new Map([
      ['aaaa', { projectApiUrl: 'https://projects.example/create' }],
      ['bbbb', { projectApiUrl: '' }],
      ['dddd', { projectApiUrl: 'https://other.example/p' }],
    ]);
    const list = ['aaaa', 'bbbb', 'cccc', 'dddd'].map(workspace);
    expect(canRegisterPages(list, settings).map((entry) => entry.id)).toEqual(['aaaa', 'dddd']);
  });

  it('a fresh install’s workspace, never set up, cannot register anything', () => {
    expect(canRegisterPages([workspace('eeee')], new Map())).toEqual([]);
  });
});
