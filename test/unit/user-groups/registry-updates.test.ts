import { describe, expect, it } from 'vitest';
import type { WireUserGroup } from '@/lib/api/user-group-api';
import { text, verbatimText } from '@/lib/message-ref';
import {
  EMPTY_REGISTRY,
  registrySchema,
  type GroupRef,
  type Registry,
  type RegistryEntry,
} from '@/lib/storage/registry/registry-schema';
import {
  applyRotation,
  clearRotationMark,
  findGroup,
  markRotationPending,
  markRotationUnknown,
  removeGroup,
  settleOrphanedRotations,
  upsertFromService,
} from '@/lib/user-groups/operations/registry-updates';
import { textsRendered } from '../helpers/error-text';

const T0 = '2025-01-01T10:00:00.000Z';
const T1 = '2025-02-01T10:00:00.000Z';
const T2 = '2025-03-01T10:00:00.000Z';

function entry(overrides: Partial<RegistryEntry> = {}): RegistryEntry {
  return {
    team_id: 1001,
    token: 'ugt_customer_1',
    name: 'Team One',
    provided_id: 'team-1',
    environment: 'Customer',
    createdAt: T0,
    lastRotatedAt: null,
    extra: {},
    ...overrides,
  };
}

function wire(overrides: Partial<WireUserGroup> & Record<string, unknown> = {}): WireUserGroup {
  return {
    team_id: 1001,
    token: 'ugt_customer_1',
    name: 'Team One',
    provided_id: 'team-1',
    api_environment_tag: 'Customer',
    ...overrides,
  };
}

/** Deeply frozen, so that any mutation of the input throws. */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) frozen(child);
    Object.freeze(value);
  }
  return value;
}

const CUSTOMER: GroupRef = { environment: 'Customer', userGroupId: 'team-1' };
const TESTING: GroupRef = { environment: 'Testing', userGroupId: 'team-1' };

/** A registry with the same id in both environments and one more group. */
function sample(): Registry {
  return frozen({
    groups: [
      entry(),
      entry({ team_id: 2001, token: 'ugt_testing_1', environment: 'Testing', extra: { region: 'eu' } }),
      entry({ team_id: 1002, token: 'ugt_customer_2', name: 'Team Two', provided_id: 'team-2' }),
    ],
  });
}

describe('upsertFromService', () => {
  it('adds a new group with createdAt = now, no rotation yet, and the environment asked for', () => {
    const next = upsertFromService(frozen({ groups: [] }), wire(), 'Customer', T1);
    // A new token is issued when it is recorded.
    expect(next).toStrictEqual({ groups: [entry({ createdAt: T1, issuedAt: T1 })] });
    expect(registrySchema.safeParse(next).success).toBe(true);
  });

  it('appends after the existing groups, leaving them untouched', () => {
    const registry = sample();
    const next = upsertFromService(
      registry,
      wire({ team_id: 3001, provided_id: 'team-3', token: 'ugt_3' }),
      'Customer',
      T1,
    );
    expect(next.groups.slice(0, 3)).toStrictEqual(registry.groups);
    expect(next.groups[3]).toMatchObject({ provided_id: 'team-3', token: 'ugt_3', createdAt: T1 });
  });

  it('updates an existing (environment, id) in place, keeping createdAt and lastRotatedAt', () => {
    const registry = frozen({
      groups: [entry({ lastRotatedAt: T1, extra: { kept: 1 } }), entry({ provided_id: 'team-2' })],
    });
    const next = upsertFromService(
      registry,
      wire({ name: 'Renamed', token: 'ugt_service_now', team_id: 5 }),
      'Customer',
      T2,
    );
    expect(next.groups).toHaveLength(2);
    expect(next.groups[0]).toStrictEqual(
      entry({
        name: 'Renamed',
        token: 'ugt_service_now',
        team_id: 5,
        createdAt: T0,
        lastRotatedAt: T1,
        // A token this browser did not have is issued when it learned it.
        issuedAt: T2,
        extra: { kept: 1 },
      }),
    );
    expect(next.groups[1]).toBe(registry.groups[1]);
  });

  it('the same id in the other environment is a separate entry', () => {
    const registry = frozen({ groups: [entry()] });
    const next = upsertFromService(
      registry,
      wire({ token: 'ugt_testing', team_id: 2, api_environment_tag: 'Testing' }),
      'Testing',
      T1,
    );
    expect(next.groups).toHaveLength(2);
    expect(findGroup(next, CUSTOMER)).toStrictEqual(entry());
    expect(findGroup(next, TESTING)).toMatchObject({
      token: 'ugt_testing',
      team_id: 2,
      createdAt: T1,
      environment: 'Testing',
    });
  });

  it('keeps unknown response fields in extra, merged over the ones already stored', () => {
    const registry = frozen({ groups: [entry({ extra: { region: 'eu', seats: 5 } })] });
    const next = upsertFromService(
      registry,
      wire({ seats: 10, dashboard_url: 'https://ug.example.com/d/1' }),
      'Customer',
      T1,
    );
    expect(next.groups[0]!.extra).toStrictEqual({
      region: 'eu',
      seats: 10,
      dashboard_url: 'https://ug.example.com/d/1',
    });
  });

  it('an answer from the service drops an earlier rotation mark: its token is the current one', () => {
    const registry = frozen({
      groups: [entry({ rotation: { state: 'unknown', since: T0, message: verbatimText('m') } })],
    });
    const next = upsertFromService(registry, wire({ token: 'ugt_service_now' }), 'Customer', T1);
    expect(next.groups[0]!.token).toBe('ugt_service_now');
    expect(next.groups[0]!.rotation).toBeUndefined();
  });

  it('known wire fields never land in extra', () => {
    const next = upsertFromService(EMPTY_REGISTRY, wire({ dashboard_url: 'x' }), 'Customer', T1);
    expect(Object.keys(next.groups[0]!.extra)).toEqual(['dashboard_url']);
  });

  it('does not change EMPTY_REGISTRY itself', () => {
    upsertFromService(EMPTY_REGISTRY, wire(), 'Customer', T1);
    expect(EMPTY_REGISTRY).toStrictEqual({ groups: [] });
  });
});

describe('the rotation journal', () => {
  it('markRotationPending marks only the group referred to', () => {
    const registry = sample();
    const next = markRotationPending(registry, CUSTOMER, T1);
    expect(findGroup(next, CUSTOMER)).toStrictEqual({ ...entry(), rotation: { state: 'pending', since: T1 } });
    expect(findGroup(next, TESTING)).toStrictEqual(registry.groups[1]);
    expect(next.groups[2]).toStrictEqual(registry.groups[2]);
    expect(registrySchema.safeParse(next).success).toBe(true);
  });

  it('applyRotation replaces the token, sets lastRotatedAt and clears the mark, in one value', () => {
    const pending = markRotationPending(sample(), CUSTOMER, T1);
    const next = applyRotation(frozen(pending), CUSTOMER, wire({ token: 'ugt_new', rotated_by: 'api' }), T2);
    const rotated = findGroup(next, CUSTOMER)!;
    expect(rotated.token).toBe('ugt_new');
    expect(rotated.lastRotatedAt).toBe(T2);
    expect(rotated.rotation).toBeUndefined();
    expect(rotated.createdAt).toBe(T0);
    expect(rotated.extra).toStrictEqual({ rotated_by: 'api' });
    // the other environment's group with the same id is not touched
    expect(findGroup(next, TESTING)).toStrictEqual(sample().groups[1]);
    expect(registrySchema.safeParse(next).success).toBe(true);
  });

  it('applyRotation also takes name and team_id from the answer and keeps the stored extras', () => {
    const registry = frozen({
      groups: [
        entry({ extra: { region: 'eu' }, rotation: { state: 'unknown', since: T0, message: verbatimText('m') } }),
      ],
    });
    const next = applyRotation(registry, CUSTOMER, wire({ token: 'ugt_new', name: 'Service name', team_id: 77 }), T2);
    expect(next.groups[0]).toMatchObject({
      token: 'ugt_new',
      name: 'Service name',
      team_id: 77,
      extra: { region: 'eu' },
      lastRotatedAt: T2,
    });
    expect(next.groups[0]!.rotation).toBeUndefined();
  });

  it('markRotationUnknown keeps the old token and flags the group with the message', () => {
    const pending = markRotationPending(sample(), CUSTOMER, T1);
    const next = markRotationUnknown(frozen(pending), CUSTOMER, text('groupsRotationUnknown'), T2);
    expect(findGroup(next, CUSTOMER)).toStrictEqual({
      ...entry(),
      rotation: { state: 'unknown', since: T2, message: text('groupsRotationUnknown') },
    });
    expect(registrySchema.safeParse(next).success).toBe(true);
  });

  it('clearRotationMark drops the mark and keeps the token', () => {
    const pending = markRotationPending(sample(), CUSTOMER, T1);
    const next = clearRotationMark(frozen(pending), CUSTOMER);
    expect(findGroup(next, CUSTOMER)!.token).toBe('ugt_customer_1');
    expect(findGroup(next, CUSTOMER)!.rotation).toBeUndefined();
    expect(JSON.parse(JSON.stringify(next))).toStrictEqual(JSON.parse(JSON.stringify(sample())));
  });

  it('a mark on an id that is not in the registry changes nothing', () => {
    const registry = sample();
    const missing: GroupRef = { environment: 'Testing', userGroupId: 'team-2' };
    expect(markRotationPending(registry, missing, T1)).toStrictEqual(registry);
    expect(applyRotation(registry, missing, wire({ token: 'x' }), T1)).toStrictEqual(registry);
    expect(markRotationUnknown(registry, missing, verbatimText('m'), T1)).toStrictEqual(registry);
  });
});

describe('removeGroup', () => {
  it('removes exactly the (environment, id) referred to, keeping the order of the rest', () => {
    const registry = sample();
    const next = removeGroup(registry, CUSTOMER);
    expect(next.groups).toStrictEqual([registry.groups[1], registry.groups[2]]);
    expect(removeGroup(next, TESTING).groups).toStrictEqual([registry.groups[2]]);
  });

  it('removing an absent group leaves the groups as they were', () => {
    const registry = sample();
    expect(removeGroup(registry, { environment: 'Testing', userGroupId: 'nope' })).toStrictEqual(registry);
  });
});

describe('settleOrphanedRotations', () => {
  it('turns pending marks into unknown with an explanation; unknown marks are untouched', () => {
    const unknown = { state: 'unknown' as const, since: T0, message: verbatimText('earlier') };
    const registry = frozen({
      groups: [
        entry({ rotation: { state: 'pending', since: T0 } }),
        entry({ environment: 'Testing', rotation: unknown }),
        entry({ provided_id: 'team-2' }),
      ],
    });
    const next = settleOrphanedRotations(registry, T2);
    expect(textsRendered(next.groups[0]!.rotation)).toStrictEqual({
      state: 'unknown',
      since: T2,
      message: 'The extension stopped before the rotation was answered.',
    });
    expect(next.groups[0]!.token).toBe('ugt_customer_1');
    expect(next.groups[1]).toBe(registry.groups[1]);
    expect(next.groups[2]).toBe(registry.groups[2]);
    expect(registrySchema.safeParse(next).success).toBe(true);
  });

  it('returns the same object when nothing is pending (so the writer skips the write)', () => {
    const registry = frozen({
      groups: [
        entry({ rotation: { state: 'unknown', since: T0, message: verbatimText('m') } }),
        entry({ provided_id: 'x' }),
      ],
    });
    expect(settleOrphanedRotations(registry, T2)).toBe(registry);
    expect(settleOrphanedRotations(EMPTY_REGISTRY, T2)).toBe(EMPTY_REGISTRY);
  });
});

describe('findGroup', () => {
  it('finds by environment and id, never across environments', () => {
    const registry = frozen({ groups: [entry({ environment: 'Testing' })] });
    expect(findGroup(registry, TESTING)).toBe(registry.groups[0]);
    expect(findGroup(registry, CUSTOMER)).toBeUndefined();
  });
});
