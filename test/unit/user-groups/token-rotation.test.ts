import { describe, expect, it } from 'vitest';
import { checkDue, totalDue } from '@/lib/user-groups/rotation/due-reminders';
import { createGroupSearch, searchGroups, sortGroups } from '@/lib/user-groups/registry-views/filter-groups';
import { exportRotationCsv, exportRotationJson } from '@/lib/user-groups/rotation/rotation-export';
import { effectiveRotation } from '@/lib/user-groups/rotation/rotation-settings';
import { ageCounts, DAY_MS, dueGroups, isDue, tokenAgeDays } from '@/lib/user-groups/registry-views/token-age';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';

const NOW = Date.UTC(2026, 10, 26, 12);
const daysAgo = (days: number) => new Date(NOW - days * DAY_MS).toISOString();
const group = (id: string, issuedAt?: string, extra: Partial<RegistryEntry> = {}): RegistryEntry => ({
  team_id: 1,
  token: `ugt_${id}`,
  name: `Team ${id}`,
  provided_id: id,
  environment: 'Customer',
  createdAt: daysAgo(400),
  lastRotatedAt: null,
  ...(issuedAt !== undefined && { issuedAt }),
  extra: {},
  ...extra,
});

describe('token age and due', () => {
  it('counts whole days; unknown age is never due (nor "now"), nor a group that may be deleted', () => {
    expect(tokenAgeDays(group('a', daysAgo(100)), NOW)).toBe(100);
    expect(tokenAgeDays(group('b'), NOW)).toBeUndefined();
    expect(isDue(group('a', daysAgo(90)), 90, NOW)).toBe(true);
    expect(isDue(group('a', daysAgo(89)), 90, NOW)).toBe(false);
    expect(isDue(group('b'), 90, NOW)).toBe(false);
    expect(isDue(group('a', daysAgo(100)), 0, NOW)).toBe(false);
    const maybeGone = group('c', daysAgo(200), {
      deleteOutcomeUnknown: { since: daysAgo(1), message: { key: 'groupsDeleteUnknownFlag' } },
    });
    expect(isDue(maybeGone, 90, NOW)).toBe(false);
    const groups = [group('o1', daysAgo(100)), group('r1', daysAgo(10)), group('u1'), group('o2', daysAgo(100))];
    expect(dueGroups(groups, 90, NOW).map((entry) => entry.provided_id)).toEqual(['o1', 'o2']);
    expect(ageCounts(groups, 90, NOW)).toEqual({ due: 2, unknown: 1 });
  });

  it('the list filters Due for rotation and sorts oldest token first, unknown age last', () => {
    const groups = [group('r1', daysAgo(10)), group('u1'), group('o1', daysAgo(100)), group('o2', daysAgo(120))];
    expect(
      searchGroups(sortGroups(groups, 'name'), '', 'due', { everyDays: 90, now: NOW }).map((g) => g.provided_id),
    ).toEqual(['o1', 'o2']);
    expect(sortGroups(groups, 'tokenAge').groups.map((g) => g.provided_id)).toEqual(['o2', 'o1', 'r1', 'u1']);
  });

  it('Due for rotation with the incremental search: words in any order and accents, and the period and time applied', () => {
    const groups = [
      group('o1', daysAgo(100), { name: 'Müller QA' }),
      group('o2', daysAgo(120), { name: 'Hooli Support' }),
      group('r1', daysAgo(10), { name: 'QA Müller recent' }),
      group('u1', undefined, { name: 'Muller QA unknown' }),
    ];
    const index = sortGroups(groups, 'name');
    const searchIn = createGroupSearch(index);
    const ids = (rows: readonly RegistryEntry[]) => rows.map((g) => g.provided_id);
    const due = { everyDays: 90, now: NOW };
    for (const query of ['', 'q', 'qa', 'qa mul', 'qa muller', 'muller qa', 'MÜLLER', 'hooli', 'nothing']) {
      expect(ids(searchIn(query, 'due', due)), query).toEqual(ids(searchGroups(index, query, 'due', due)));
    }
    expect(ids(searchIn('qa muller', 'due', due))).toEqual(['o1']);
    // The same query and due rule: the very same array (nothing to render again).
    expect(searchIn('qa muller', 'due', due)).toBe(searchIn('qa muller', 'due', { ...due }));
    // Another period or a later time filters again.
    expect(ids(searchIn('', 'due', { everyDays: 30, now: NOW }))).toEqual(['o2', 'o1']);
    expect(ids(searchIn('', 'due', { everyDays: 90, now: NOW + 85 * DAY_MS }))).toEqual(['o2', 'o1', 'r1']);
    expect(ids(searchIn('', 'due', { everyDays: 0, now: NOW }))).toEqual([]);
    // The environments are unchanged by a due rule.
    expect(ids(searchIn('muller', 'Customer', due))).toEqual(ids(searchGroups(index, 'muller', 'Customer')));
  });
});

describe('rotation settings and the policy', () => {
  it('the policy locks the period (off when it locks without one); else the user chooses; else the policy default; else off', () => {
    expect(effectiveRotation({ everyDays: 30, remind: true }, { everyDays: 90, locked: true })).toEqual({
      everyDays: 90,
      remind: true,
      lockedByPolicy: true,
      fromPolicy: true,
    });
    expect(effectiveRotation({ everyDays: 30, remind: false }, { locked: true }).everyDays).toBe(0);
    expect(effectiveRotation({ everyDays: 30, remind: false }, { everyDays: 90, locked: false }).everyDays).toBe(30);
    expect(effectiveRotation(null, { everyDays: 180, locked: false })).toMatchObject({
      everyDays: 180,
      fromPolicy: true,
    });
    expect(effectiveRotation(null, undefined)).toEqual({
      everyDays: 0,
      remind: false,
      lockedByPolicy: false,
      fromPolicy: false,
    });
  });

  it('reminders count only the workspaces that asked for them, with a period set', async () => {
    const summary = await checkDue({
      workspaces: () =>
        Promise.resolve([
          { id: 'w1', name: 'Acme' },
          { id: 'w2', name: 'Globex' },
          { id: 'w3', name: 'Off' },
        ]),
      settingsOf: (id) =>
        Promise.resolve(
          id === 'w1'
            ? { everyDays: 90, remind: true }
            : id === 'w2'
              ? { everyDays: 30, remind: false }
              : { everyDays: 0, remind: true },
        ),
      policy: () => Promise.resolve(undefined),
      groupsOf: () => Promise.resolve([group('o1', daysAgo(100)), group('r1', daysAgo(10))]),
      now: () => new Date(NOW),
    });
    expect(summary.workspaces).toEqual([{ id: 'w1', name: 'Acme', due: 1 }]);
    expect(totalDue(summary)).toBe(1);
  });
});

describe('Export rotation results', () => {
  const results = [
    {
      userGroupId: 'o1',
      environment: 'Customer' as const,
      name: '=HYPERLINK("x")',
      rotatedAt: daysAgo(0),
      token: 'ugt_new_1',
    },
  ];
  it('CSV: the documented columns, formula-guarded names, and a file name that says it holds secrets', () => {
    const file = exportRotationCsv(results, new Date(NOW), { name: 'Acme' });
    expect(file.fileName).toBe('rotated-tokens-SECRET-acme-2026-11-26.csv');
    const lines = file.text.trim().split('\r\n');
    expect(lines[0]).toBe('user_group_id,environment,name,rotated_at,new_token');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain('ugt_new_1');
  });
  it('JSON: every result with its new token, marked as holding secrets', () => {
    const file = exportRotationJson(results, { startedAt: daysAgo(0) }, new Date(NOW), { name: 'Acme' });
    expect(file.fileName).toBe('rotated-tokens-SECRET-acme-2026-11-26.json');
    expect(JSON.parse(file.text)).toMatchObject({
      format: 'review-companion.rotation-results',
      containsSecrets: true,
      results: [{ id: 'o1', environment: 'Customer', name: '=HYPERLINK("x")', token: 'ugt_new_1' }],
    });
  });
});
