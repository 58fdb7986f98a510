import { describe, expect, it } from 'vitest';
import { createOutcome } from '@/entrypoints/options/sections/groups/create-outcome';
import { rotateOutcome } from '@/entrypoints/options/sections/groups/rotate-outcome';
import { typedConfirms } from '@/entrypoints/options/sections/groups/typed-confirmation';
import { rangeKeys } from '@/entrypoints/options/sections/groups/use-group-selection';
import { withPinnedFirst } from '@/entrypoints/options/sections/groups/use-group-view';
import { t } from '@/lib/i18n';
import { verbatimText } from '@/lib/message-ref';
import { fail, ok, type ErrorCode } from '@/lib/result';
import { groupKey, type RegistryEntry } from '@/lib/storage/registry/registry-schema';

// Issue 26: one outcome, one message (3); a created group shown first with Copy token (4); a typed
// confirmation above ten groups (2); Shift-click ranges (9).

const entry = (id: string, overrides: Partial<RegistryEntry> = {}): RegistryEntry => ({
  team_id: 1,
  token: `ugt_${id}_0123456789abcdef`,
  name: `Team ${id}`,
  provided_id: id,
  environment: 'Customer',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastRotatedAt: null,
  extra: {},
  ...overrides,
});
const failure = (code: ErrorCode, words: string, maybeProcessed = false) =>
  fail<{ group: RegistryEntry }>(code, verbatimText(words), maybeProcessed ? { maybeProcessed } : {});

describe('rotateOutcome: the list and the row say one outcome', () => {
  const group = entry('t1');
  const flag = t('groupsRotationUnknown');

  it('a 500 (the answer may be lost after the service rotated): the list says the row’s own flag, and never "not rotated"', () => {
    const outcome = rotateOutcome(group, failure('SERVICE_ERROR', 'The service had a problem (HTTP 500).', true));
    expect(outcome.kind).toBe('error');
    expect(outcome.text).toContain(flag);
    expect(outcome.text.startsWith(`“Team t1” (Customer, ID t1): ${flag}`)).toBe(true);
    expect(outcome.text).toContain('Reason: The service had a problem (HTTP 500).');
    expect(outcome.text).toContain('Retry rotation');
    expect(outcome.text).not.toMatch(/not rotated/i);
    // The row shows its flag (set by the background), and no note that could say otherwise.
    expect(outcome.row).toBeUndefined();
  });

  it('a refused token, or a group flagged before that stays flagged: the same unknown outcome', () => {
    expect(rotateOutcome(group, failure('REJECTED', 'The service refused: no such token')).text).toContain(flag);
    const flagged = entry('t2', { rotation: { state: 'unknown', since: 'T0' } });
    const again = rotateOutcome(flagged, failure('NETWORK', 'Could not reach x.'));
    expect(again.text).toContain(flag);
    expect(again.row).toBeUndefined();
  });

  it('a failure that changed nothing: "not rotated" in the list and on the row, with the same reason', () => {
    const outcome = rotateOutcome(group, failure('RATE_LIMITED', 'Too many requests.'));
    expect(outcome.text).toBe('The token of “Team t1” (Customer, ID t1) was not rotated: Too many requests.');
    expect(outcome.row).toEqual({ key: 'Customer:t1', text: 'Not rotated: Too many requests.' });
  });

  it('a rejected credential links to the Connection section', () => {
    expect(rotateOutcome(group, failure('UNAUTHENTICATED', 'no')).settingsLink).toBe(true);
  });

  it('a success: the new token masked, in the list and on the row', () => {
    const rotated = entry('t1', { token: 'ugt_new_token_abcd' });
    expect(rotateOutcome(group, ok({ group: rotated }))).toMatchObject({
      kind: 'success',
      text: 'New token for “Team t1” (Customer, ID t1): ••••abcd. The old token no longer works.',
      row: { key: 'Customer:t1', text: 'Rotated: new token ••••abcd.' },
    });
  });
});

describe('createOutcome: a created group carries what Copy token copies and the row to show first', () => {
  it('names the group, and keeps its key and token for the message', () => {
    const created = entry('new-1');
    const outcome = createOutcome(
      { name: 'Team new-1', userGroupId: 'new-1', environment: 'Customer' },
      ok({ group: created, created: true }),
    );
    expect(outcome).toEqual({
      kind: 'success',
      text: 'Created “Team new-1” (Customer, ID new-1).',
      created: { key: 'Customer:new-1', token: created.token, name: 'Team new-1' },
    });
  });
});

describe('withPinnedFirst: the group just created comes first, once', () => {
  const groups = ['a', 'b', 'c', 'd'].map((id) => entry(id));
  it('moves the pinned groups that are shown to the top, in the order pinned', () => {
    expect(withPinnedFirst(groups, ['Customer:c']).map((group) => group.provided_id)).toEqual(['c', 'a', 'b', 'd']);
    expect(withPinnedFirst(groups, ['Customer:d', 'Customer:b']).map((group) => group.provided_id)).toEqual([
      'd',
      'b',
      'a',
      'c',
    ]);
  });
  it('leaves the list as it is when nothing pinned is shown (filtered out, or deleted)', () => {
    expect(withPinnedFirst(groups, ['Testing:c'])).toBe(groups);
    expect(withPinnedFirst(groups, [])).toBe(groups);
  });
});

describe('typedConfirms: above ten groups, the count or the workspace’s name', () => {
  it('takes the count with or without grouping separators', () => {
    for (const typed of ['2202', '2,202', '2.202', '2 202', ' 2202 ', '2\u202f202'])
      expect(typedConfirms(typed, 2202, 'Acme prod'), typed).toBe(true);
  });
  it('takes the workspace’s name, whatever the case', () => {
    expect(typedConfirms('acme PROD', 2202, 'Acme prod')).toBe(true);
  });
  it('refuses anything else', () => {
    for (const typed of ['', '2201', '22,02', '220', 'yes', 'Acme', '2202 groups'])
      expect(typedConfirms(typed, 2202, 'Acme prod'), typed).toBe(false);
  });
});

describe('rangeKeys: Shift-click selects from the row changed last to the one clicked', () => {
  const shown = ['a', 'b', 'c', 'd', 'e'].map((id) => entry(id));
  const keys = (ids: string[]) => ids.map((id) => groupKey(entry(id)));
  it('covers both ends, downwards and upwards, in the order shown', () => {
    expect(rangeKeys(shown, 'Customer:b', 'Customer:d')).toEqual(keys(['b', 'c', 'd']));
    expect(rangeKeys(shown, 'Customer:e', 'Customer:c')).toEqual(keys(['c', 'd', 'e']));
  });
  it('without an anchor still shown, only the row clicked', () => {
    expect(rangeKeys(shown, undefined, 'Customer:c')).toEqual(keys(['c']));
    expect(rangeKeys(shown, 'Testing:zz', 'Customer:c')).toEqual(keys(['c']));
  });
});
