import type { StoredGroup, StoredUnsettledCreate } from '../e2e/fixtures/extension-storage.ts';
import type { ExtensionStorage } from '../e2e/fixtures/service-worker.ts';
import type { ServiceGroup } from '../e2e/fixtures/seeded-faults.ts';

/**
 * What must hold whatever the faults did ("nothing lost, ever"), checked on the extension's storage as
 * its worker reads it and on each workspace's service (one sandbox per workspace). Pure: the chaos run
 * reads, this judges, and test/unit/chaos/invariants.test.ts shows that each rule catches what it is for.
 */
export const INVARIANTS = {
  tokensMatchService:
    'every registry token equals the service’s token for its group, or the group is flagged (rotation outcome unknown, delete outcome unknown, created? outcome unknown)',
  serviceGroupsKnown:
    'every group on the service is in the registry, or listed as a create of unknown outcome ("Created? Outcome unknown")',
  noDuplicateEntries: 'no (environment, id) twice in a registry',
  noClearCredentialWhileLocked:
    'while the lock is on, no workspace credentials hold a secret in clear (sealed, or empty secrets)',
  noClearGroupTokenWhileLocked: 'while the lock is on, no registry part holds a group token in clear',
  historyHoldsProjects:
    'the project history holds every project the service created through the popup or a register-pages job',
  noOlderTokenOverLive:
    'no registry token is ever replaced by an older one (a token the run saw before the one it replaces, as a backup holds)',
  jobTokensInResults: 'every new token a rotation job gave a group is in its workspace’s rotation results',
} as const;

export type InvariantName = keyof typeof INVARIANTS;
export const INVARIANT_NAMES = Object.keys(INVARIANTS) as InvariantName[];

/** Each invariant's violations, as readable lines (empty: it holds). */
export type Violations = Record<InvariantName, string[]>;

export interface ServiceState {
  workspaceId: string;
  /** For messages. */
  label: string;
  groups: readonly ServiceGroup[];
  projectIds: readonly string[];
}

/** What the popup steps learnt about projects. */
export interface ProjectLedger {
  /** Ids the popup showed as created. */
  shown: ReadonlyMap<string, string>;
  /**
   * Projects the service made whose answer never reached the browser (a lost or garbled answer, a
   * stopped worker, Chromium's silent re-send of a reset POST): the extension cannot know their id.
   */
  unanswered: ReadonlySet<string>;
}

/** What the run learnt about tokens (token-ledger.ts), for the two invariants of issue 41. */
export interface TokenHistory {
  /** Each token the run has seen (on a service, in a registry, in a backup file): the check it was first seen at. */
  seen: ReadonlyMap<string, number>;
  /** Each group's registry token at the checks before, where it could be read (`<workspace id> <environment>:<id>`). */
  previous: ReadonlyMap<string, string>;
  /** Per workspace id, the new token each rotation job gave a group (`<environment>:<id>` → token). */
  jobTokens: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

export const NO_TOKEN_HISTORY: TokenHistory = { seen: new Map(), previous: new Map(), jobTokens: new Map() };

export interface InvariantInput {
  storage: ExtensionStorage;
  services: readonly ServiceState[];
  projects: ProjectLedger;
  /** Absent: the two token-history invariants have nothing to compare. */
  tokens?: TokenHistory;
  /**
   * After the run's settling (the worker woken, each registry read through the background): a rotation
   * mark still `pending` is then one no worker will ever answer, so it no longer counts as a flag.
   */
  final: boolean;
}

/**
 * A registry part as stored: `ws.<id>.userGroups.NNN`, its groups without tokens (format v3; a part of
 * format v2 may still hold them, and `sealedTokens`, until the background moves them).
 */
interface StoredPart {
  groups?: StoredGroup[];
  sealedTokens?: unknown;
}

/** A part's tokens as stored beside it: `ws.<id>.userGroupTokens.NNN`, in clear or (lock on) sealed. */
interface StoredPartTokens {
  /** The JSON text of { environment:id → token }. */
  tokens?: string;
  sealed?: unknown;
}

const keyOf = (environment: string, id: string) => `${environment}:${id}`;
const PART = /^ws\.([a-z0-9-]+)\.userGroups\.\d{3}$/;
const CREDENTIALS = /^ws\.([a-z0-9-]+)\.credentials$/;
const SECRET_FIELDS = new Set(['apiToken', 'apiKey', 'authToken']);

/**
 * Every registry entry of a workspace, with its token from the part's token key where it is in clear
 * ('' where sealed or unknown), and whether the part's tokens are sealed.
 */
export function entriesOf(local: Record<string, unknown>, workspaceId: string) {
  const entries: { entry: StoredGroup; sealedPart: boolean; key: string }[] = [];
  for (const [key, value] of Object.entries(local)) {
    if (PART.exec(key)?.[1] !== workspaceId) continue;
    const part = (value ?? {}) as StoredPart;
    const tokens = (local[key.replace('.userGroups.', '.userGroupTokens.')] ?? {}) as StoredPartTokens;
    const sealedPart = part.sealedTokens !== undefined || tokens.sealed !== undefined;
    for (const group of part.groups ?? []) {
      const clear = tokens.tokens === undefined ? {} : (JSON.parse(tokens.tokens) as Record<string, string>);
      const token = clear[keyOf(group.environment, group.provided_id)] ?? group.token ?? '';
      entries.push({ entry: { ...group, token }, sealedPart, key });
    }
  }
  return entries;
}

export function unsettledOf(local: Record<string, unknown>, workspaceId: string): StoredUnsettledCreate[] {
  const stored = local[`ws.${workspaceId}.userGroupUnsettledCreates`] as
    { creates?: StoredUnsettledCreate[] } | undefined;
  return stored?.creates ?? [];
}

/** A workspace's rotation results' tokens in clear (`<environment>:<id>` → token); undefined while sealed. */
export function resultTokensOf(
  local: Record<string, unknown>,
  workspaceId: string,
): Record<string, string> | undefined {
  const stored = local[`ws.${workspaceId}.rotationResults`] as { tokens?: StoredPartTokens } | undefined;
  if (stored?.tokens?.sealed !== undefined) return undefined;
  return stored?.tokens?.tokens === undefined ? {} : (JSON.parse(stored.tokens.tokens) as Record<string, string>);
}

function historyOf(local: Record<string, unknown>, workspaceId: string): Set<string> {
  const stored = local[`ws.${workspaceId}.projectHistory`];
  const entries = Array.isArray(stored) ? (stored as { projectId?: unknown }[]) : [];
  return new Set(entries.map((entry) => String(entry.projectId)));
}

/** Paths of the secret fields that hold a non-empty string, anywhere in a stored credentials value. */
function clearSecrets(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object') return [];
  if ('sealed' in value) return [];
  return Object.entries(value).flatMap(([field, inner]) =>
    SECRET_FIELDS.has(field) && typeof inner === 'string' && inner !== ''
      ? [`${path}${field}`]
      : clearSecrets(inner, `${path}${field}.`),
  );
}

export function checkInvariants({
  storage,
  services,
  projects,
  final,
  tokens = NO_TOKEN_HISTORY,
}: InvariantInput): Violations {
  const found: Violations = {
    tokensMatchService: [],
    serviceGroupsKnown: [],
    noDuplicateEntries: [],
    noClearCredentialWhileLocked: [],
    noClearGroupTokenWhileLocked: [],
    historyHoldsProjects: [],
    noOlderTokenOverLive: [],
    jobTokensInResults: [],
  };
  const { local, session } = storage;
  const lockOn = local.lock !== undefined && local.lock !== null;

  for (const service of services) {
    const where = `workspace ${service.label}`;
    const entries = entriesOf(local, service.workspaceId);
    const unsettled = new Set(unsettledOf(local, service.workspaceId).map((c) => keyOf(c.environment, c.userGroupId)));
    const held = new Map(service.groups.map((group) => [keyOf(group.api_environment_tag, group.provided_id), group]));
    const seen = new Map<string, number>();

    for (const { entry, sealedPart, key: partKey } of entries) {
      const key = keyOf(entry.environment, entry.provided_id);
      seen.set(key, (seen.get(key) ?? 0) + 1);
      const flagged =
        (entry.rotation !== undefined && (entry.rotation.state === 'unknown' || !final)) ||
        entry.deleteOutcomeUnknown !== undefined ||
        unsettled.has(key);
      // A sealed token (lock on) cannot be compared here; the group must still be on the service.
      const sealed = sealedPart && entry.token === '';
      const live = held.get(key);
      if (!flagged) {
        if (!live)
          found.tokensMatchService.push(`${where}: ${key} is in the registry, unflagged, but not on the service`);
        else if (!sealed && live.token !== entry.token)
          found.tokensMatchService.push(`${where}: ${key} holds a token the service no longer has, unflagged`);
      }
      if (final && entry.rotation?.state === 'pending')
        found.tokensMatchService.push(`${where}: ${key} keeps a rotation mark pending after the run settled`);
      if (lockOn && entry.token !== '')
        found.noClearGroupTokenWhileLocked.push(`${where}: ${partKey} holds the token of ${key} in clear`);
      const before = tokens.previous.get(`${service.workspaceId} ${key}`);
      const now = tokens.seen.get(entry.token);
      const then = before === undefined ? undefined : tokens.seen.get(before);
      if (!sealed && before !== entry.token && now !== undefined && then !== undefined && now < then)
        found.noOlderTokenOverLive.push(
          `${where}: ${key} holds a token first seen at check ${now} in place of one first seen at check ${then}`,
        );
    }
    const results = resultTokensOf(local, service.workspaceId);
    for (const [key, token] of tokens.jobTokens.get(service.workspaceId) ?? [])
      if (results && results[key] !== token)
        found.jobTokensInResults.push(`${where}: the rotation results lack the new token a job gave ${key}`);
    for (const [key, count] of seen)
      if (count > 1) found.noDuplicateEntries.push(`${where}: ${key} is in the registry ${count} times`);
    for (const key of held.keys())
      if (!seen.has(key) && !unsettled.has(key))
        found.serviceGroupsKnown.push(
          `${where}: ${key} is on the service but neither in the registry nor listed as a create of unknown outcome`,
        );

    const history = historyOf(local, service.workspaceId);
    for (const id of service.projectIds)
      if (!history.has(id) && !projects.unanswered.has(id))
        found.historyHoldsProjects.push(`${where}: project ${id} is on the service but not in the history`);
    for (const [id, workspaceId] of projects.shown)
      if (workspaceId === service.workspaceId && !history.has(id))
        found.historyHoldsProjects.push(`${where}: project ${id}, shown by the popup, is not in the history`);
  }

  if (lockOn)
    for (const [area, values] of [
      ['local', local],
      ['session', session],
    ] as const)
      for (const [key, value] of Object.entries(values)) {
        if (!CREDENTIALS.test(key)) continue;
        for (const field of clearSecrets(value))
          found.noClearCredentialWhileLocked.push(`${area}:${key} holds ${field} in clear while the lock is on`);
      }
  return found;
}

/** How many violations each invariant has. */
export const countViolations = (violations: Violations): Record<InvariantName, number> =>
  Object.fromEntries(INVARIANT_NAMES.map((name) => [name, violations[name].length])) as Record<InvariantName, number>;
