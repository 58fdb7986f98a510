import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { messageText } from '@/lib/message-ref';
import type { Registry, RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { createPartTokenVault } from '@/lib/storage/credentials/part-token-vault';
import { createRegistryWriter } from '@/lib/storage/registry/registry-writer';
import { applyImport, entryFingerprint, importItems, previewImport } from '@/lib/user-groups/transfer/import-merge';
import { parseRegistryFile } from '@/lib/user-groups/transfer/import-rows';
import { createRegistryTransfer } from '@/lib/user-groups/transfer/registry-transfer';
import { compareTokens } from '@/lib/user-groups/transfer/token-standing';
import { seedRegistry, storedRegistry } from '../helpers/stored-registry';
import { TEST_SCOPE } from '../helpers/test-workspace';

// Issue 41, finding 1: restoring an older backup must never silently replace a live token. Each token's
// age (issuedAt) and state decide; replacing a newer (or not comparable) live token is a separate choice.

const NOW = '2026-11-28T12:00:00.000Z';
const BACKUP_TIME = '2026-08-01T09:00:00.000Z';
const ROTATED_TIME = '2026-11-28T10:00:00.000Z';

function group(id: string, token: string, overrides: Partial<RegistryEntry> = {}): RegistryEntry {
  return {
    team_id: 1,
    token,
    name: `Team ${id}`,
    provided_id: id,
    environment: 'Customer',
    createdAt: '2026-01-01T00:00:00.000Z',
    lastRotatedAt: null,
    extra: {},
    ...overrides,
  };
}

/** A JSON backup of these groups, as Export JSON writes it. */
function backup(...groups: RegistryEntry[]) {
  const parsed = parseRegistryFile(JSON.stringify({ format: 'review-companion.user-groups', version: 1, groups }));
  if (!parsed.ok) throw new Error(messageText(parsed.message));
  return parsed;
}

describe('which of two tokens of a group is newer', () => {
  const live = (overrides: Partial<RegistryEntry> = {}) => ({
    token: 'ugt_live',
    issuedAt: ROTATED_TIME,
    ...overrides,
  });
  const file = (overrides: Partial<RegistryEntry> = {}) => ({ token: 'ugt_file', issuedAt: BACKUP_TIME, ...overrides });

  it.each([
    ['the same token', live(), live({ issuedAt: BACKUP_TIME }), 'same'],
    ['a live token issued later', live(), file(), 'live'],
    ['a file token issued later', live({ issuedAt: BACKUP_TIME }), file({ issuedAt: ROTATED_TIME }), 'file'],
    ['no live token (lost with a passphrase)', live({ token: '' }), file(), 'file'],
    ['a live token of unknown age', live({ issuedAt: undefined }), file(), 'unknown'],
    ['a file token of unknown age', live(), file({ issuedAt: undefined }), 'unknown'],
    ['two tokens issued at the same moment', live(), file({ issuedAt: ROTATED_TIME }), 'unknown'],
    [
      'a later file token marked uncertain',
      live({ issuedAt: BACKUP_TIME }),
      file({ issuedAt: ROTATED_TIME, rotation: { state: 'unknown', since: ROTATED_TIME } }),
      'unknown',
    ],
    [
      'a live rotation on the wire',
      live({ issuedAt: BACKUP_TIME, rotation: { state: 'pending', since: NOW } }),
      file({ issuedAt: ROTATED_TIME }),
      'unknown',
    ],
  ] as const)('%s', (_, a, b, expected) => {
    expect(compareTokens(a, b)).toBe(expected);
  });
});

describe('restoring a backup over a registry that moved on', () => {
  // The backup was exported on 1 August; group "a" was rotated since, "b" was not, "c" predates token ages.
  const exported = [
    group('a', 'ugt_a_old', { issuedAt: BACKUP_TIME }),
    group('b', 'ugt_b', { issuedAt: BACKUP_TIME }),
    group('c', 'ugt_c_old'),
  ];
  const live: Registry = {
    groups: [
      group('a', 'ugt_a_new', { issuedAt: ROTATED_TIME, lastRotatedAt: ROTATED_TIME }),
      group('b', 'ugt_b', { issuedAt: BACKUP_TIME }),
      group('c', 'ugt_c_new'),
    ],
  };

  it('by default keeps every live token that is newer or not comparable, and says per group which is newer', () => {
    const preview = previewImport(live, backup(...exported), NOW);
    expect(preview.changed).toEqual([]);
    expect(preview.unchanged).toBe(1);
    expect(preview.kept.map((kept) => [kept.previous.provided_id, kept.standing])).toEqual([
      ['a', 'live'],
      ['c', 'unknown'],
    ]);
    expect(preview.kept[0]?.differences[0]).toEqual({ kind: 'token', newer: 'live' });
    expect(importItems(preview)).toEqual([]);
    const { registry, result } = applyImport(live, importItems(preview));
    expect(registry).toBe(live);
    expect(result).toEqual({ added: 0, updated: 0, conflicts: [], kept: [] });
  });

  it('replaces them only by the separate choice, each item saying so', () => {
    const preview = previewImport(live, backup(...exported), NOW);
    const items = importItems(preview, { replaceNewer: true });
    expect(items.map((item) => [item.entry.provided_id, item.replacesNewer])).toEqual([
      ['a', true],
      ['c', true],
    ]);
    const { registry, result } = applyImport(live, items);
    expect(result.updated).toBe(2);
    expect(registry.groups.map((entry) => entry.token)).toEqual(['ugt_a_old', 'ugt_b', 'ugt_c_old']);
    // The restored token keeps the age the file gives it: it is not made new by being restored.
    expect(registry.groups[0]?.issuedAt).toBe(BACKUP_TIME);
  });

  it('a newer token in the file replaces the live one by default', () => {
    const older: Registry = { groups: [group('a', 'ugt_a_old', { issuedAt: BACKUP_TIME })] };
    const preview = previewImport(older, backup(live.groups[0]!), NOW);
    expect(preview.kept).toEqual([]);
    expect(preview.changed[0]?.differences[0]).toEqual({ kind: 'token', newer: 'file' });
    expect(applyImport(older, importItems(preview)).registry.groups[0]?.token).toBe('ugt_a_new');
  });

  it('a token lost with a forgotten passphrase is filled from the file by default', () => {
    const lost: Registry = {
      groups: [group('a', '', { issuedAt: ROTATED_TIME, rotation: { state: 'unknown', since: NOW } })],
    };
    const preview = previewImport(lost, backup(exported[0]!), NOW);
    expect(preview.changed.map((change) => change.entry.token)).toEqual(['ugt_a_old']);
  });

  it('the same token from the file takes the file’s dates, and a delete of unknown outcome stays flagged', () => {
    const flagged: Registry = {
      groups: [
        group('b', 'ugt_b', {
          issuedAt: ROTATED_TIME,
          deleteOutcomeUnknown: { since: NOW, message: { key: 'groupsDeleteUnknownFlag' } },
        }),
      ],
    };
    const preview = previewImport(flagged, backup(exported[1]!), NOW);
    expect(preview.changed[0]?.differences).toEqual([{ kind: 'issued', from: ROTATED_TIME, to: BACKUP_TIME }]);
    expect(preview.changed[0]?.entry.deleteOutcomeUnknown).toEqual(flagged.groups[0]?.deleteOutcomeUnknown);
  });

  it('the background refuses an item that would put an older token over a live one unasked, whatever the page sends', () => {
    const [older] = exported;
    const item = { entry: older!, expected: entryFingerprint(live.groups[0]!) };
    const { registry, result } = applyImport(live, [item]);
    expect(registry).toBe(live);
    expect(result.kept).toEqual([{ environment: 'Customer', userGroupId: 'a' }]);
  });
});

describe('the importUserGroups handler with an older backup', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('stores nothing over a newer token by default, and the older one only when chosen', async () => {
    await seedRegistry([group('a', 'ugt_a_new', { issuedAt: ROTATED_TIME })]);
    const writer = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
    const transfer = createRegistryTransfer({ registry: writer, scope: TEST_SCOPE });
    const file = backup(group('a', 'ugt_a_old', { issuedAt: BACKUP_TIME }), group('fresh', 'ugt_fresh'));

    const preview = previewImport(await writer.read(), file, NOW);
    expect(await transfer.importGroups(importItems(preview))).toEqual({
      ok: true,
      value: { added: 1, updated: 0, conflicts: [], kept: [] },
    });
    expect((await storedRegistry()).groups.map((entry) => entry.token)).toEqual(
      expect.arrayContaining(['ugt_a_new', 'ugt_fresh']),
    );

    const again = previewImport(await writer.read(), file, NOW);
    await transfer.importGroups(importItems(again, { replaceNewer: true }));
    const stored = (await storedRegistry()).groups.find((entry) => entry.provided_id === 'a');
    expect(stored?.token).toBe('ugt_a_old');
  });
});
