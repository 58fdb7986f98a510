import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createRegistryTransfer } from '@/lib/user-groups/transfer/registry-transfer';
import { applyImport, entryFingerprint, importItems, previewImport } from '@/lib/user-groups/transfer/import-merge';
import { parseRegistryFile } from '@/lib/user-groups/transfer/import-rows';
import { messageText } from '@/lib/message-ref';
import { registrySchema, type Registry, type RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { createRegistryWriter } from '@/lib/storage/registry/registry-writer';
import { createPartTokenVault } from '@/lib/storage/credentials/part-token-vault';
import { loadStorageFixture } from '../fixtures/storage/load';
import { seedRegistry, storedRegistry } from '../helpers/stored-registry';
import { TEST_SCOPE } from '../helpers/test-workspace';

/** The stored example as the registry reads it (its rotation mark, written in English by an older version, is read as verbatim text). */
const registryV1 = registrySchema.parse(loadStorageFixture('user-group-registry.v1.json'));
const NOW = '2025-06-01T00:00:00.000Z';
const HEADER = 'name,user_group_id,environment,token,team_id,created_at,last_rotated_at,issued_at';
const EARLIER = '2025-02-01T00:00:00.000Z';
const LATER = '2025-05-01T00:00:00.000Z';

function entry(id: string, overrides: Partial<RegistryEntry> = {}): RegistryEntry {
  return {
    team_id: 1,
    token: `ugt_${id}`,
    name: `Group ${id}`,
    provided_id: id,
    environment: 'Customer',
    createdAt: '2025-01-01T00:00:00.000Z',
    lastRotatedAt: null,
    extra: {},
    ...overrides,
  };
}

function csvRow(group: RegistryEntry): string {
  return [
    group.name,
    group.provided_id,
    group.environment,
    group.token,
    group.team_id,
    group.createdAt,
    group.lastRotatedAt ?? '',
    group.issuedAt ?? '',
  ].join(',');
}

function parse(text: string) {
  const parsed = parseRegistryFile(text);
  if (!parsed.ok) throw new Error(messageText(parsed.message));
  return parsed;
}

const stored: Registry = {
  groups: [
    entry('same'),
    entry('rotated', { issuedAt: EARLIER }),
    entry('renamed', { extra: { seats: 5 } }),
    entry('flagged', { rotation: { state: 'unknown', since: NOW } }),
  ],
};

describe('previewImport', () => {
  it('counts new, changed, unchanged and invalid rows, and says what would change without showing a token', () => {
    const csv = [
      HEADER,
      csvRow(entry('same')),
      csvRow(entry('rotated', { token: 'ugt_new_token', issuedAt: LATER })),
      csvRow(entry('renamed', { name: 'Renamed', team_id: 2 })),
      csvRow(entry('flagged')),
      csvRow(entry('brand-new')),
      'Broken,broken,Customer,,1,,,',
    ].join('\n');
    const preview = previewImport(stored, parse(csv), NOW);
    expect({
      added: preview.added.length,
      changed: preview.changed.length,
      unchanged: preview.unchanged,
      invalid: preview.invalid.length,
    }).toEqual({
      added: 1,
      changed: 2,
      unchanged: 2,
      invalid: 1,
    });
    expect(preview.changed.map((change) => [change.where, change.differences])).toEqual([
      [
        { kind: 'line', position: 3 },
        [
          { kind: 'token', newer: 'file' },
          { kind: 'issued', from: EARLIER, to: LATER },
        ],
      ],
      [
        { kind: 'line', position: 4 },
        [
          { kind: 'name', from: 'Group renamed', to: 'Renamed' },
          { kind: 'team', from: 1, to: 2 },
        ],
      ],
    ]);
    expect(JSON.stringify(preview.changed.map((change) => change.differences))).not.toContain('ugt_');
    expect(preview.invalid.map(({ where, reason }) => ({ where, reason: messageText(reason) }))).toEqual([
      { where: { kind: 'line', position: 7 }, reason: 'token: must not be empty' },
    ]);
    // A CSV row keeps the stored extra fields; a stored flag stays while the token is the same.
    expect(preview.changed[1]?.entry.extra).toEqual({ seats: 5 });
    expect(preview.added[0]?.entry).toEqual(entry('brand-new'));
  });

  it('a token change clears a stored rotation flag; a flag in a JSON file is kept as "unknown"', () => {
    const flagged = { groups: [entry('flagged', { issuedAt: EARLIER, rotation: { state: 'unknown', since: NOW } })] };
    const json = JSON.stringify({
      groups: [
        entry('flagged', { token: 'ugt_other', issuedAt: LATER }),
        entry('same', { rotation: { state: 'pending', since: NOW } }),
      ],
    });
    const preview = previewImport({ groups: [...flagged.groups, entry('same')] }, parse(json), NOW);
    expect(preview.changed.map((change) => change.differences)).toEqual([
      [{ kind: 'token', newer: 'file' }, { kind: 'issued', from: EARLIER, to: LATER }, { kind: 'flagCleared' }],
      [{ kind: 'flagged' }],
    ]);
    expect(preview.changed[1]?.entry.rotation).toEqual({ state: 'unknown', since: NOW });
  });

  it('a CSV row without created_at keeps the stored time, or takes the import time for a new group', () => {
    const csv = [HEADER, 'Group same,same,Customer,ugt_same,1,,,', 'Fresh,fresh,Testing,ugt_f,9,,,'].join('\n');
    const preview = previewImport(stored, parse(csv), NOW);
    expect(preview.unchanged).toBe(1);
    expect(preview.added[0]?.entry.createdAt).toBe(NOW);
  });
});

describe('applyImport', () => {
  it('adds and replaces in one change, and leaves groups that moved on since the preview alone', () => {
    const csv = [
      HEADER,
      csvRow(entry('rotated', { token: 'ugt_from_file', issuedAt: LATER })),
      csvRow(entry('renamed', { name: 'R' })),
      csvRow(entry('new')),
    ].join('\n');
    const preview = previewImport(stored, parse(csv), NOW);
    // Meanwhile another tab rotated "renamed".
    const meanwhile: Registry = {
      groups: stored.groups.map((group) =>
        group.provided_id === 'renamed' ? { ...group, token: 'ugt_rotated_elsewhere' } : group,
      ),
    };
    const { registry, result } = applyImport(meanwhile, importItems(preview));
    expect(result).toEqual({
      added: 1,
      updated: 1,
      conflicts: [{ environment: 'Customer', userGroupId: 'renamed' }],
      kept: [],
    });
    const byId = Object.fromEntries(registry.groups.map((group) => [group.provided_id, group]));
    expect(byId.rotated?.token).toBe('ugt_from_file');
    expect(byId.renamed?.token).toBe('ugt_rotated_elsewhere');
    expect(byId.new).toEqual(entry('new', { createdAt: '2025-01-01T00:00:00.000Z' }));
    expect(registry.groups.map((group) => group.provided_id)).toEqual(['same', 'rotated', 'renamed', 'flagged', 'new']);
  });

  it('a group added elsewhere after the preview is not overwritten either', () => {
    const preview = previewImport({ groups: [] }, parse([HEADER, csvRow(entry('a'))].join('\n')), NOW);
    const { registry, result } = applyImport(
      { groups: [entry('a', { token: 'ugt_created_meanwhile' })] },
      importItems(preview),
    );
    expect(result.conflicts).toHaveLength(1);
    expect(registry.groups[0]?.token).toBe('ugt_created_meanwhile');
  });

  it('the fingerprint ignores key order and absent optional fields, and sees nested changes', () => {
    const a = entry('x', { extra: { b: 1, a: { d: 2, c: 3 } } });
    const b: RegistryEntry = {
      extra: { a: { c: 3, d: 2 }, b: 1 },
      lastRotatedAt: null,
      createdAt: a.createdAt,
      environment: 'Customer',
      provided_id: 'x',
      name: a.name,
      token: a.token,
      team_id: 1,
      rotation: undefined,
    };
    expect(entryFingerprint(b)).toBe(entryFingerprint(a));
    expect(entryFingerprint({ ...a, extra: { b: 1, a: { d: 2, c: 4 } } })).not.toBe(entryFingerprint(a));
  });
});

describe('the importUserGroups handler', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('writes the confirmed items through the registry writer, in one stored change', async () => {
    await seedRegistry(registryV1.groups);
    const writer = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
    const [first] = registryV1.groups;
    if (!first) throw new Error('fixture');
    // Stored before token ages were recorded, the first group's token is of unknown age: the file's
    // replaces it only by the user's separate choice, which this import makes.
    const json = JSON.stringify({
      format: 'review-companion.user-groups',
      version: 1,
      groups: [{ ...first, token: 'ugt_imported' }, entry('added')],
    });
    const preview = previewImport(await writer.read(), parse(json), NOW);
    expect(preview.kept.map((kept) => [kept.entry.provided_id, kept.standing])).toEqual([
      [first.provided_id, 'unknown'],
    ]);
    let writes = 0;
    fakeBrowser.storage.local.onChanged.addListener(() => (writes += 1));
    const transfer = createRegistryTransfer({ registry: writer, scope: TEST_SCOPE });
    const answer = await transfer.importGroups(importItems(preview, { replaceNewer: true }));
    expect(answer).toEqual({ ok: true, value: { added: 1, updated: 1, conflicts: [], kept: [] } });
    expect(writes).toBe(1);
    const after = await storedRegistry();
    expect(after.groups).toHaveLength(3);
    expect(after.groups).toContainEqual({ ...first, token: 'ugt_imported' });
    expect(after.groups).toContainEqual(registryV1.groups[1]);
    expect(after.groups).toContainEqual(expect.objectContaining({ provided_id: 'added' }));
  });
});
