// Merging the policy's workspaces into the index: first, in the policy's order, with ids that do not
// change between starts; the user's own workspaces after them, untouched.
import { describe, expect, it } from 'vitest';
import { parsePolicy } from '@/lib/policy/parse-policy';
import { isLocked, isManaged, managedWorkspaceId, mergeManaged } from '@/lib/workspaces/managed-workspaces';
import { WORKSPACE_ID_PATTERN } from '@/lib/storage/workspace-keys';
import type { WorkspaceIndex } from '@/lib/storage/workspaces/workspace-index-schema';

const NOW = '2026-11-22T10:00:00.000Z';
const own: WorkspaceIndex = { workspaces: [{ id: 'aaaa1111', name: 'Mine', createdAt: '2026-01-01T00:00:00.000Z' }] };
const fresh = () => ({ id: 'ffff0000', name: 'Workspace 1', createdAt: NOW });
const policy = (lockWorkspaces: boolean, ...names: string[]) =>
  parsePolicy({
    lockWorkspaces,
    workspaces: names.map((name) => ({ name, projectApiUrl: `https://${name.toLowerCase()}.example/create` })),
  });

describe('managed workspace ids', () => {
  it('come from the name (ignoring case and spaces), fit the id pattern, and differ between names', () => {
    const id = managedWorkspaceId('Acme');
    expect(id).toMatch(WORKSPACE_ID_PATTERN);
    expect(managedWorkspaceId(' acme ')).toBe(id);
    expect(managedWorkspaceId('Globex')).not.toBe(id);
  });
});

describe('mergeManaged', () => {
  it('lists the managed workspaces first, in the policy order, marked; the user’s own follow', () => {
    const merged = mergeManaged(own, policy(false, 'Acme', 'Globex'), NOW, fresh);
    expect(merged.workspaces.map((workspace) => workspace.name)).toEqual(['Acme', 'Globex', 'Mine']);
    expect(merged.workspaces.map(isManaged)).toEqual([true, true, false]);
    expect(merged.workspaces[0]).toEqual({
      id: managedWorkspaceId('Acme'),
      name: 'Acme',
      createdAt: NOW,
      managed: 'editable',
    });
  });

  it('gives the same ids at the next start, keeps createdAt, and marks them locked when the policy says so', () => {
    const first = mergeManaged(own, policy(false, 'Acme'), NOW, fresh);
    const again = mergeManaged(first, policy(true, 'Acme'), '2027-01-01T00:00:00.000Z', fresh);
    expect(again.workspaces[0]).toEqual({ ...first.workspaces[0], managed: 'locked' });
    expect(isLocked(again.workspaces[0])).toBe(true);
    expect(again.workspaces).toHaveLength(2);
  });

  it('keeps a name the user gave while unlocked; the policy’s name returns when locked', () => {
    const first = mergeManaged(own, policy(false, 'Acme'), NOW, fresh);
    const renamed = { workspaces: [{ ...first.workspaces[0]!, name: 'Acme (mine)' }, ...first.workspaces.slice(1)] };
    expect(mergeManaged(renamed, policy(false, 'Acme'), NOW, fresh).workspaces[0]!.name).toBe('Acme (mine)');
    expect(mergeManaged(renamed, policy(true, 'Acme'), NOW, fresh).workspaces[0]!.name).toBe('Acme');
  });

  it('drops a managed workspace the policy no longer lists, and never leaves the index empty', () => {
    const first = mergeManaged(own, policy(false, 'Acme'), NOW, fresh);
    expect(mergeManaged(first, policy(false), NOW, fresh).workspaces).toEqual(own.workspaces);
    const onlyManaged = mergeManaged({ workspaces: [first.workspaces[0]!] }, policy(false), NOW, fresh);
    expect(onlyManaged.workspaces).toEqual([fresh()]);
  });
});
