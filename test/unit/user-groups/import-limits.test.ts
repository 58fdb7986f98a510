import { describe, expect, it } from 'vitest';
import { parseBulkCsv } from '@/lib/user-groups/transfer/bulk-csv';
import { bulkRowSchema } from '@/lib/storage/bulk-job/bulk-row-schema';
import { readCsv } from '@/lib/user-groups/transfer/import-csv';
import { parseRegistryFile } from '@/lib/user-groups/transfer/import-rows';
import {
  importItemSchema,
  MAX_IMPORT_DATE_LENGTH,
  MAX_IMPORT_EXTRA_LENGTH,
  MAX_IMPORT_TOKEN_LENGTH,
} from '@/lib/user-groups/transfer/import-schema';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { messageText } from '@/lib/message-ref';

const HEADER = 'name,user_group_id,environment,token,team_id,created_at,last_rotated_at';
const CONTROL = 'must not contain line breaks, tabs or other control characters';

function entry(overrides: Partial<RegistryEntry> = {}): RegistryEntry {
  return {
    team_id: 1,
    token: 'ugt_1',
    name: 'Group',
    provided_id: 'g-1',
    environment: 'Customer',
    createdAt: '2025-01-01T00:00:00.000Z',
    lastRotatedAt: null,
    extra: {},
    ...overrides,
  };
}

const reasons = (text: string) => {
  const parsed = parseRegistryFile(text);
  if (!parsed.ok) throw new Error(messageText(parsed.message));
  return parsed.problems.map(
    (problem) => `${problem.where.kind} ${problem.where.position}: ${messageText(problem.reason)}`,
  );
};

describe('import size limits', () => {
  it(`refuses a token over ${MAX_IMPORT_TOKEN_LENGTH} characters and extra fields over ${MAX_IMPORT_EXTRA_LENGTH} as JSON, as row problems`, () => {
    const json = JSON.stringify({
      groups: [
        entry({
          provided_id: 'fits',
          token: 'x'.repeat(MAX_IMPORT_TOKEN_LENGTH),
          extra: { note: 'y'.repeat(MAX_IMPORT_EXTRA_LENGTH - 20) },
        }),
        entry({ provided_id: 'long-token', token: 'x'.repeat(MAX_IMPORT_TOKEN_LENGTH + 1) }),
        entry({ provided_id: 'big-extra', extra: { note: 'y'.repeat(MAX_IMPORT_EXTRA_LENGTH) } }),
      ],
    });
    expect(reasons(json)).toEqual([
      'entry 2: token: must be at most 1,024 characters',
      'entry 3: extra: must be at most 4,096 characters as JSON',
    ]);
    const csv = [
      HEADER,
      `Long,long,Customer,${'x'.repeat(MAX_IMPORT_TOKEN_LENGTH + 1)},1,,`,
      `Fits,fits,Customer,${'x'.repeat(MAX_IMPORT_TOKEN_LENGTH)},1,,`,
    ].join('\n');
    expect(reasons(csv)).toEqual(['line 2: token: must be at most 1,024 characters']);
  });

  it(`refuses a date over ${MAX_IMPORT_DATE_LENGTH} characters, which Date.parse would take (a comment of a megabyte)`, () => {
    const longDate = `2025-01-01 (${'x'.repeat(1_000_000)})`;
    expect(Number.isNaN(Date.parse(longDate))).toBe(false);
    const json = JSON.stringify({
      groups: [
        entry({ provided_id: 'fits', rotation: { state: 'unknown', since: '2025-01-02T00:00:00.000Z' } }),
        entry({ provided_id: 'long-created', createdAt: longDate }),
        entry({ provided_id: 'long-rotated', lastRotatedAt: longDate }),
        entry({ provided_id: 'long-since', rotation: { state: 'unknown', since: longDate } }),
      ],
    });
    expect(reasons(json)).toEqual([
      'entry 2: createdAt: must be at most 64 characters',
      'entry 3: lastRotatedAt: must be at most 64 characters',
      'entry 4: rotation.since: must be at most 64 characters',
    ]);
    const csv = [
      HEADER,
      `Created,created,Customer,ugt_1,1,${longDate},`,
      `Rotated,rotated,Customer,ugt_2,1,,${longDate}`,
      `Fits,fits,Customer,ugt_3,1,2025-01-01T00:00:00.000Z,2025-01-02T00:00:00.000Z`,
    ].join('\n');
    expect(reasons(csv)).toEqual([
      'line 2: created_at: must be at most 64 characters',
      'line 3: last_rotated_at: must be at most 64 characters',
    ]);
  });

  it('stops reading a 100,000-row CSV at the row limit and refuses it, without a row-by-row pass over the rest', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => `G${i},g${i},Customer,ugt_${i},1,,`);
    const started = performance.now();
    const refused = parseRegistryFile([HEADER, ...rows].join('\n'));
    expect(!refused.ok && messageText(refused.message)).toBe(
      'The file holds more than 20,000 groups; split it into smaller files.',
    );
    const bulkRows = Array.from({ length: 100_000 }, (_, i) => `G${i},g${i},Customer`);
    const bulkRefused = parseBulkCsv(['name,user_group_id,environment', ...bulkRows].join('\n'));
    expect(!bulkRefused.ok && messageText(bulkRefused.message)).toBe(
      'The file holds more than 10,000 rows; split it into smaller files.',
    );
    // Generous: the point is that it is not proportional to 100,000 validated rows.
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('readCsv refuses a file over its row limit, and reads one within it whole', () => {
    const text = ['a', ...Array.from({ length: 1000 }, (_, i) => String(i))].join('\n');
    const tooMany = { key: 'fileTooManyRows', args: [10] };
    expect(readCsv(text, ['a'], { rows: 10, message: tooMany })).toEqual({ ok: false, message: tooMany });
    const whole = readCsv(text, ['a'], { rows: 1000, message: tooMany });
    expect(whole.ok && whole.records.length).toBe(1000);
  });

  it('refuses a JSON file with more groups than the limit before validating them', () => {
    const groups = Array.from({ length: 20_001 }, () => ({}));
    expect(parseRegistryFile(JSON.stringify({ groups }))).toEqual({
      ok: false,
      message: { key: 'fileTooManyGroups', args: [20_000] },
    });
  });
});

describe('control characters in names and IDs', () => {
  it.each([
    ['a line feed', 'Two\nlines'],
    ['a carriage return', 'Two\rlines'],
    ['a tab', 'Tab\there'],
    ['NUL', 'nul\u0000'],
    ['escape', '\u001b[31mred'],
    ['DEL', 'del\u007f'],
  ])('an import refuses a name or ID with %s, CSV and JSON alike', (_label, text) => {
    const quoted = `"${text}"`;
    const csv = [
      HEADER,
      `${quoted},ok-1,Customer,ugt_1,1,,`,
      `Fine,${quoted},Customer,ugt_2,1,,`,
      'Fine,ok-2,Customer,ugt_3,1,,',
    ].join('\r\n');
    // (A quoted line break makes a row span two lines: only the reasons are compared.)
    expect(reasons(csv).map((reason) => reason.replace(/^line \d+: /, ''))).toEqual([
      `name: ${CONTROL}`,
      `user_group_id: ${CONTROL}`,
    ]);
    const json = JSON.stringify({
      groups: [entry({ name: text }), entry({ provided_id: text }), entry({ provided_id: 'ok' })],
    });
    expect(reasons(json)).toEqual([`entry 1: name: ${CONTROL}`, `entry 2: provided_id: ${CONTROL}`]);
  });

  it('a bulk create file refuses them too; spaces around a value are still trimmed', () => {
    const parsed = parseBulkCsv(
      [
        'name,user_group_id,environment',
        '"Two\nlines",a,Customer',
        'Tab,"b\tc",Customer',
        ' Fine ,fine,Customer',
        'Bell\u0007,d,Testing',
      ].join('\r\n'),
    );
    expect(
      parsed.ok &&
        parsed.problems.map(
          (problem) => `${problem.where.kind} ${problem.where.position}: ${messageText(problem.reason)}`,
        ),
    ).toEqual([`line 2: name: ${CONTROL}`, `line 4: user_group_id: ${CONTROL}`, `line 6: name: ${CONTROL}`]);
    expect(parsed.ok && parsed.rows.map((row) => row.name)).toEqual(['Fine']);
  });

  it('the background checks the messages again: an import item or a bulk row with one is malformed', () => {
    expect(importItemSchema.safeParse({ entry: entry({ name: 'a\nb' }), expected: null }).success).toBe(false);
    expect(
      importItemSchema.safeParse({ entry: entry({ token: 'x'.repeat(MAX_IMPORT_TOKEN_LENGTH + 1) }), expected: null })
        .success,
    ).toBe(false);
    expect(importItemSchema.safeParse({ entry: entry(), expected: null }).success).toBe(true);
    expect(
      bulkRowSchema.safeParse({ line: 2, name: 'a\u0000', userGroupId: 'a', environment: 'Customer' }).success,
    ).toBe(false);
  });
});

describe('a backup of a group whose rotation was refused', () => {
  it('reads back: the rotation mark keeps its named text with the service’s words inside, bounded in depth', () => {
    const refused = {
      key: 'errorServiceRefused',
      args: [{ key: 'verbatimText', args: ['No user group has this token'] }],
    };
    const json = JSON.stringify({
      groups: [
        entry({
          provided_id: 'refused',
          rotation: { state: 'unknown', since: '2025-01-02T00:00:00.000Z', message: refused },
        }),
      ],
    });
    expect(reasons(json)).toEqual([]);
    // Deeper than the background ever writes: a row problem, not a crash.
    let deep: object = { key: 'verbatimText', args: ['x'] };
    for (let level = 0; level < 6; level += 1) deep = { key: 'errorServiceRefused', args: [deep] };
    const tooDeep = JSON.stringify({
      groups: [
        entry({
          provided_id: 'deep',
          rotation: { state: 'unknown', since: '2025-01-02T00:00:00.000Z', message: deep as never },
        }),
      ],
    });
    expect(reasons(tooDeep)).toHaveLength(1);
  });
});
