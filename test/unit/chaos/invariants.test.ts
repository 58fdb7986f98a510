import { describe, expect, it } from 'vitest';
import { checkInvariants, countViolations, type InvariantInput } from '../../chaos/invariants';
import { TokenLedger } from '../../chaos/token-ledger';

// The chaos run's oracle (test/chaos/invariants.ts): each rule holds on a consistent state and catches
// the one thing it is for.

const WS = 'a1b2c3d4';
const group = (id: string, token: string, extra: Record<string, unknown> = {}) => ({
  team_id: 1,
  token,
  name: `Group ${id}`,
  provided_id: id,
  environment: 'Customer',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastRotatedAt: null,
  extra: {},
  ...extra,
});
const onService = (id: string, token: string) => ({
  token,
  name: `Group ${id}`,
  provided_id: id,
  api_environment_tag: 'Customer' as const,
});

function input(overrides: {
  local?: Record<string, unknown>;
  session?: Record<string, unknown>;
  groups?: ReturnType<typeof onService>[];
  projectIds?: string[];
  shown?: [string, string][];
  unanswered?: string[];
  final?: boolean;
  tokens?: TokenLedger;
}): InvariantInput {
  return {
    storage: {
      local: {
        [`ws.${WS}.userGroups.001`]: { groups: [group('g1', 'ugt_1')] },
        [`ws.${WS}.projectHistory`]: [{ projectId: 'p1', projectUrl: 'u', projectName: 'n', createdAt: 't' }],
        [`ws.${WS}.credentials`]: {
          userGroup: { origin: 'o', apiToken: 'secret' },
          project: { origin: 'o', apiKey: 'k', authToken: 'a' },
        },
        ...overrides.local,
      },
      session: overrides.session ?? {},
    },
    services: [
      {
        workspaceId: WS,
        label: 'A',
        groups: overrides.groups ?? [onService('g1', 'ugt_1')],
        projectIds: overrides.projectIds ?? ['p1'],
      },
    ],
    projects: { shown: new Map(overrides.shown ?? [['p1', WS]]), unanswered: new Set(overrides.unanswered) },
    final: overrides.final ?? false,
    ...(overrides.tokens && { tokens: overrides.tokens }),
  };
}

const counts = (value: InvariantInput) => countViolations(checkInvariants(value));
const NONE = {
  tokensMatchService: 0,
  serviceGroupsKnown: 0,
  noDuplicateEntries: 0,
  noClearCredentialWhileLocked: 0,
  noClearGroupTokenWhileLocked: 0,
  historyHoldsProjects: 0,
  noOlderTokenOverLive: 0,
  jobTokensInResults: 0,
};

describe('the chaos run invariants', () => {
  it('hold on a consistent state', () => {
    expect(counts(input({}))).toEqual(NONE);
  });

  it('a token the service no longer has, or a group it no longer has, is a violation unless flagged', () => {
    expect(counts(input({ groups: [onService('g1', 'ugt_new')] })).tokensMatchService).toBe(1);
    expect(counts(input({ groups: [] })).tokensMatchService).toBe(1);
    for (const flag of [
      { rotation: { state: 'unknown', since: 't' } },
      { rotation: { state: 'pending', since: 't' } },
      { deleteOutcomeUnknown: { since: 't' } },
    ])
      expect(
        counts(input({ groups: [], local: { [`ws.${WS}.userGroups.001`]: { groups: [group('g1', 'ugt_1', flag)] } } }))
          .tokensMatchService,
      ).toBe(0);
  });

  it('once the run has settled, a rotation mark still pending is a violation', () => {
    const local = {
      [`ws.${WS}.userGroups.001`]: { groups: [group('g1', 'ugt_1', { rotation: { state: 'pending', since: 't' } })] },
    };
    expect(counts(input({ local, final: true })).tokensMatchService).toBe(1);
  });

  it('a group on the service must be in the registry or listed as a create of unknown outcome', () => {
    const groups = [onService('g1', 'ugt_1'), onService('g2', 'ugt_2')];
    expect(counts(input({ groups })).serviceGroupsKnown).toBe(1);
    const listed = {
      [`ws.${WS}.userGroupUnsettledCreates`]: {
        creates: [{ name: 'n', userGroupId: 'g2', environment: 'Customer', since: 't' }],
      },
    };
    expect(counts(input({ groups, local: listed })).serviceGroupsKnown).toBe(0);
  });

  it('the same (environment, id) twice in a registry is a violation', () => {
    const local = { [`ws.${WS}.userGroups.002`]: { groups: [group('g1', 'ugt_1')] } };
    expect(counts(input({ local })).noDuplicateEntries).toBe(1);
  });

  it('while the lock is on: a clear credential and a clear group token are violations; sealed ones are not', () => {
    const locked = counts(input({ local: { lock: { salt: 's' } } }));
    expect(locked.noClearCredentialWhileLocked).toBe(3);
    expect(locked.noClearGroupTokenWhileLocked).toBe(1);
    const sealed = counts(
      input({
        local: {
          lock: { salt: 's' },
          [`ws.${WS}.credentials`]: { sealed: { iv: 'i', data: 'd' } },
          [`ws.${WS}.userGroups.001`]: { groups: [group('g1', '')], sealedTokens: { iv: 'i', data: 'd' } },
        },
      }),
    );
    expect(sealed).toEqual(NONE);
    // Sealed, a token is not compared; a group the service no longer has is still seen (found by the
    // 1,000-step run: a deleted group hid behind the lock until it was turned off).
    const gone = counts(
      input({
        groups: [],
        local: {
          lock: { salt: 's' },
          [`ws.${WS}.credentials`]: { sealed: { iv: 'i', data: 'd' } },
          [`ws.${WS}.userGroups.001`]: { groups: [group('g1', '')], sealedTokens: { iv: 'i', data: 'd' } },
        },
      }),
    );
    expect(gone.tokensMatchService).toBe(1);
    expect(
      counts(
        input({
          local: { lock: { salt: 's' } },
          session: { [`ws.${WS}.credentials`]: { userGroup: { apiToken: 't' } } },
        }),
      ).noClearCredentialWhileLocked,
    ).toBe(4);
  });

  it('every project the service made is in the history, unless its answer never reached the browser', () => {
    expect(counts(input({ projectIds: ['p1', 'p2'] })).historyHoldsProjects).toBe(1);
    expect(counts(input({ projectIds: ['p1', 'p2'], unanswered: ['p2'] })).historyHoldsProjects).toBe(0);
    expect(counts(input({ shown: [['p9', WS]] })).historyHoldsProjects).toBe(1);
  });

  it('a registry token replaced by one first seen at an earlier check (an older backup’s) is a violation; a newer one is not', () => {
    const registryWith = (token: string) => ({ [`ws.${WS}.userGroups.001`]: { groups: [group('g1', token)] } });
    const tokens = new TokenLedger();
    tokens.see(['ugt_old']);
    tokens.remember({ local: {}, session: {} }, [WS]);
    tokens.see(['ugt_live']);
    tokens.remember({ local: registryWith('ugt_live'), session: {} }, [WS]);
    // The service holds the live token: the older one over it breaks this rule, and the service's too.
    const older = counts(input({ local: registryWith('ugt_old'), groups: [onService('g1', 'ugt_live')], tokens }));
    expect(older.noOlderTokenOverLive).toBe(1);
    tokens.see(['ugt_newer']);
    const newer = counts(input({ local: registryWith('ugt_newer'), groups: [onService('g1', 'ugt_newer')], tokens }));
    expect(newer).toEqual(NONE);
    // Sealed, a token is not compared.
    const sealed = { [`ws.${WS}.userGroups.001`]: { groups: [group('g1', '')], sealedTokens: { iv: 'i', data: 'd' } } };
    expect(counts(input({ local: sealed, groups: [onService('g1', 'ugt_live')], tokens })).noOlderTokenOverLive).toBe(
      0,
    );
  });

  it('a new token a rotation job gave a group must be in the rotation results, unless they are sealed', () => {
    const tokens = new TokenLedger();
    tokens.noteJobToken(WS, 'Customer:g1', 'ugt_1');
    const results = (held: Record<string, unknown>) => ({
      [`ws.${WS}.rotationResults`]: { results: [], tokens: held },
    });
    expect(counts(input({ tokens })).jobTokensInResults).toBe(1);
    expect(
      counts(input({ tokens, local: results({ tokens: JSON.stringify({ 'Customer:g1': 'ugt_0' }) }) }))
        .jobTokensInResults,
    ).toBe(1);
    expect(counts(input({ tokens, local: results({ tokens: JSON.stringify({ 'Customer:g1': 'ugt_1' }) }) }))).toEqual(
      NONE,
    );
    expect(counts(input({ tokens, local: results({ sealed: { iv: 'i', data: 'd' } }) })).jobTokensInResults).toBe(0);
  });
});
