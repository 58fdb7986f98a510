import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { deleteFailure } from '@/entrypoints/options/sections/groups/delete-outcome';
import { verbatimText } from '@/lib/message-ref';
import type { AppError, ErrorCode } from '@/lib/result';
import { readStorageNotices } from '@/lib/storage/notices-item';
import {
  registryEntrySchema,
  registrySchema,
  type Registry,
  type RegistryEntry,
  type UnsettledCreate,
  type UnsettledCreates,
} from '@/lib/storage/registry/registry-schema';
import { applyLearnedToken, markDeleteUnknown, upsertFromService } from '@/lib/user-groups/operations/registry-updates';
import { createRegistryWriter } from '@/lib/storage/registry/registry-writer';
import { createPartTokenVault } from '@/lib/storage/credentials/part-token-vault';
import { recordUnsettledCreate, settleCreate } from '@/lib/user-groups/operations/unsettled-creates';
import { loadStorageFixture } from '../fixtures/storage/load';
import { seedRegistry, storedRegistry } from '../helpers/stored-registry';
import { TEST_SCOPE, testKey } from '../helpers/test-workspace';
import { asReadNow } from '../helpers/error-text';

/** Marks for outcomes the extension cannot know: a delete whose answer was lost, and creates likewise. */

const UNSETTLED_KEY = testKey('userGroupUnsettledCreates');
const registryV1 = loadStorageFixture<Registry>('user-group-registry.v1.json');
const deleteFlagged = loadStorageFixture<Registry>('user-group-registry-part.delete-unknown.json');
const unsettledV1 = loadStorageFixture<UnsettledCreates>('user-group-unsettled-creates.v1.json');

const entry = (overrides: Partial<RegistryEntry> = {}): RegistryEntry => ({
  team_id: 1,
  token: 'ugt_old',
  name: 'Team',
  provided_id: 'team-1',
  environment: 'Customer',
  createdAt: '2025-01-01T00:00:00.000Z',
  lastRotatedAt: null,
  extra: {},
  ...overrides,
});
const appError = (code: ErrorCode, message: string, extra: Partial<AppError> = {}): AppError => ({
  code,
  message: verbatimText(message),
  ...extra,
});
const REF = { environment: 'Customer', userGroupId: 'team-1' } as const;
const create = (overrides: Partial<UnsettledCreate> = {}): UnsettledCreate => ({
  name: 'Team',
  userGroupId: 'team-1',
  environment: 'Customer',
  since: 'T0',
  ...overrides,
});

beforeEach(() => {
  fakeBrowser.reset();
});

describe('stored formats', () => {
  it('a group stored before the delete mark existed (v1 fixture) is still valid; the mark is optional', () => {
    for (const group of registryV1.groups) expect(registryEntrySchema.safeParse(group).success).toBe(true);
    expect(registrySchema.parse(deleteFlagged)).toStrictEqual(asReadNow(deleteFlagged));
  });

  it('the stored unsettled creates (fixture) read back exactly through a new writer', async () => {
    await fakeBrowser.storage.local.set({ [UNSETTLED_KEY]: unsettledV1 });
    expect(await createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE)).unsettled()).toStrictEqual(
      asReadNow(unsettledV1.creates),
    );
  });

  it('no stored list (data from before it existed) reads as none, and reading writes nothing', async () => {
    await seedRegistry(registryV1.groups);
    const before = await fakeBrowser.storage.local.get(null);
    const writer = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
    expect(await writer.unsettled()).toEqual([]);
    expect(await fakeBrowser.storage.local.get(null)).toStrictEqual(before);
  });

  it('an unreadable list is kept aside under a corrupt: key, with a notice, and starts empty', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = { creates: [{ name: 'Only hint', userGroupId: 42 }] };
    await fakeBrowser.storage.local.set({ [UNSETTLED_KEY]: broken });
    expect(await createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE)).unsettled()).toEqual([]);
    const all = await fakeBrowser.storage.local.get(null);
    expect(
      Object.entries(all)
        .filter(([key]) => key.startsWith(`corrupt:${UNSETTLED_KEY}:`))
        .map(([, value]) => value),
    ).toStrictEqual([broken]);
    expect(all[UNSETTLED_KEY]).toBeUndefined();
    expect(await readStorageNotices()).toHaveLength(1);
    expect(warn).toHaveBeenCalled();
  });
});

describe('the writer keeps the list beside the registry', () => {
  it('a change of the registry alone does not write the list; a change of the list alone writes no part', async () => {
    const writer = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
    const changes: string[][] = [];
    fakeBrowser.storage.local.onChanged.addListener((change) => changes.push(Object.keys(change)));
    const wire = {
      team_id: 1,
      token: 'ugt_1',
      name: 'Team',
      provided_id: 'team-1',
      api_environment_tag: 'Customer' as const,
    };
    await writer.update((registry) => ({
      registry: upsertFromService(registry, wire, 'Customer', 'T1'),
      result: null,
    }));
    await writer.update((registry, unsettled) => ({
      registry,
      unsettled: recordUnsettledCreate(unsettled, create({ userGroupId: 'team-2' })),
      result: null,
    }));
    await writer.update((registry, unsettled) => ({ registry, unsettled: settleCreate(unsettled, REF), result: null }));
    expect(changes).toEqual([
      // The first write of a new registry: the group's part, its token beside it, the format mark, the index.
      [
        expect.stringMatching(/^ws\.test-ws\.userGroups\.\d{3}$/) as unknown,
        expect.stringMatching(/^ws\.test-ws\.userGroupTokens\.\d{3}$/) as unknown,
        'ws.test-ws.userGroupsFormat',
        'ws.test-ws.userGroupIndex',
      ],
      [UNSETTLED_KEY],
    ]);
    expect((await fakeBrowser.storage.local.get(UNSETTLED_KEY))[UNSETTLED_KEY]).toMatchObject({
      creates: [create({ userGroupId: 'team-2' })],
    });
    expect((await storedRegistry()).groups).toHaveLength(1);
  });

  it('a change made by another context is noticed (the next change works on it)', async () => {
    const writer = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
    expect(await writer.unsettled()).toEqual([]);
    await fakeBrowser.storage.local.set({ [UNSETTLED_KEY]: unsettledV1 });
    expect(await writer.unsettled()).toStrictEqual(asReadNow(unsettledV1.creates));
  });
});

describe('pure changes', () => {
  it('recordUnsettledCreate replaces a mark of the same (environment, id) and keeps the others', () => {
    const testing = create({ environment: 'Testing' });
    expect(recordUnsettledCreate([create(), testing], create({ name: 'Again', since: 'T2' }))).toEqual([
      testing,
      create({ name: 'Again', since: 'T2' }),
    ]);
  });

  it('settleCreate returns the same list when there is nothing to settle (the writer then writes nothing)', () => {
    const list = [create({ environment: 'Testing' })];
    expect(settleCreate(list, REF)).toBe(list);
    expect(settleCreate([create(), ...list], REF)).toEqual(list);
  });

  it('markDeleteUnknown flags only that group', () => {
    const other = entry({ environment: 'Testing' });
    const next = markDeleteUnknown({ groups: [entry(), other] }, REF, verbatimText('lost'), 'T1');
    expect(next.groups).toEqual([
      entry({ deleteOutcomeUnknown: { since: 'T1', message: verbatimText('lost') } }),
      other,
    ]);
  });

  it('applyLearnedToken stores the live token and settles the rotation mark (dated when the lost rotation was tried; the token issued when learned)', () => {
    const flagged = entry({ rotation: { state: 'unknown', since: 'T0', message: verbatimText('lost') } });
    const wire = {
      team_id: 1,
      token: 'ugt_live',
      name: 'Team',
      provided_id: 'team-1',
      api_environment_tag: 'Customer' as const,
      seats: 3,
    };
    expect(applyLearnedToken({ groups: [flagged] }, REF, wire, 'T9').groups).toEqual([
      entry({ token: 'ugt_live', lastRotatedAt: 'T0', issuedAt: 'T9', extra: { seats: 3 } }),
    ]);
    const same = applyLearnedToken({ groups: [flagged] }, REF, { ...wire, token: 'ugt_old' }, 'T9').groups[0];
    expect(same).toMatchObject({ lastRotatedAt: null, rotation: undefined });
    // The token this browser already had keeps its age (here unknown): learning it again does not make it new.
    expect(same).not.toHaveProperty('issuedAt');
  });
});

describe('what the page says after a failed delete (deleteFailure)', () => {
  const DESCRIBED = '“Team” (Customer, ID team-1)';

  it('a lost answer: the same words as the flagged row ("Delete outcome unknown"), no note of its own on the row, and no offer in the message (the row has it)', () => {
    const outcome = deleteFailure(
      entry(),
      appError('TIMEOUT', 'x did not answer within 15 seconds.', { maybeProcessed: true }),
    );
    expect(outcome).toEqual({
      kind: 'error',
      text: `${DESCRIBED}: Delete outcome unknown — the group may already be gone from the service. Reason: x did not answer within 15 seconds. Retry delete, or remove it from this browser only. Rotate is off meanwhile: it could create the group again.`,
      settingsLink: false,
    });
  });

  it('a failure that changed nothing (rate limit): kept here, with the offer to remove it from this browser only, tied to this very group', () => {
    const group = entry();
    expect(deleteFailure(group, appError('RATE_LIMITED', 'Try again in 3 seconds.'))).toEqual({
      kind: 'error',
      text: `${DESCRIBED} was not deleted and is kept here: Try again in 3 seconds.`,
      offer: { kind: 'forget', group },
      row: { key: 'Customer:team-1', text: 'Not deleted: Try again in 3 seconds.' },
      settingsLink: false,
    });
  });

  it('a refusal by the service: says the group stays flagged, since a re-sent copy of the delete may have gone through', () => {
    const group = entry();
    expect(deleteFailure(group, appError('REJECTED', 'The service refused: no'))).toEqual({
      kind: 'error',
      text: `The service refused to delete ${DESCRIBED}: The service refused: no It may no longer know the group, if a copy of the delete the browser sent again went through, so the group stays here, flagged. Retry delete, or remove it from this browser only.`,
      offer: { kind: 'forget', group },
    });
  });

  it('Retry delete refused (the service does not know the token): says the earlier delete most likely went through', () => {
    const group = entry({ deleteOutcomeUnknown: { since: 'T0' } });
    const outcome = deleteFailure(group, appError('REJECTED', 'The service refused: No user group has this token'));
    expect(outcome.text).toBe(
      `The service no longer knows ${DESCRIBED} (The service refused: No user group has this token): the earlier delete most likely went through. Remove it from this browser only to clear the flag.`,
    );
    expect(outcome.offer).toEqual({ kind: 'forget', group });
  });

  // Regression (chaos run, seed 2026): a rotation and then a delete were both cut off; Retry delete was
  // refused because the stored token was the pre-rotation one, the page said the delete "most likely went
  // through", and removing the group from this browser lost a group that lived on at the service.
  it('Retry delete refused after a lost rotation too: says either may be true, never that the delete went through', () => {
    const group = entry({
      deleteOutcomeUnknown: { since: 'T0' },
      rotation: { state: 'unknown', since: 'T0' },
    });
    const outcome = deleteFailure(group, appError('REJECTED', 'The service refused: No user group has this token'));
    expect(outcome.text).toBe(
      `The service refused the stored token of ${DESCRIBED} (The service refused: No user group has this token). Both its earlier delete and its earlier rotation went unanswered: either the delete went through, or the group still exists with the token the rotation gave it. It stays here, flagged. Use Remove from this browser only once you know the group is gone from the service.`,
    );
    expect(outcome.text).not.toContain('most likely went through');
    expect(outcome.offer).toEqual({ kind: 'forget', group });
  });
});
