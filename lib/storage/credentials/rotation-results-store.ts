import { z } from 'zod/mini';
import { createSerialQueue } from '../../async/serial-queue';
import { built } from '../../schema-parts';
import { rotationResultSchema, type RotationResult } from '../rotation/rotation-results-schema';
import { groupKey } from '../registry/registry-schema';
import { storage } from '../storage-api';
import { stageIn, writePrepared, type PreparedWrite, type StagedWrite } from '../staged-write';
import { setAsideUnreadable } from '../validated-item';
import { scopedKey, scopedName, type KeyScope } from '../workspace-keys';
import { currentKey, readLockState } from './keyring';
import { clearTokensValue, openPartTokens, parseTokenMap, partTokensSchema, sealPartTokens } from './part-tokens';
import { CredentialsLockedError } from './sealed-credentials';

// Background only: the results of a workspace's rotation jobs, `local:ws.<id>.rotationResults`. Each
// group a rotate job gave a new token, with that token, kept across Retry failed, Resume and stopped
// workers until the admin clears them (lib/user-groups/rotation/rotation-results.ts). The list (ids,
// names, dates) is in clear; the tokens, like a registry part's (part-tokens.ts), are the JSON text of
// { environment:id → token } while the passphrase lock is off, and one envelope sealed with the lock's
// key, bound to this key's name, while it is on (lock-transitions.ts seals and opens them with the rest).

/** 1: the first stored format. Before it, the results were read from the latest rotate job and the registry. */
export const ROTATION_RESULTS_VERSION = 1;

/** The storage names (without area) of every workspace's rotation results. */
export const ROTATION_RESULTS_PATTERN = /^ws\.[^.]+\.rotationResults$/;

export const storedRotationResultsSchema = z.lazy(() =>
  z.object({
    /** When the first job whose results these are started (absent: none held). */
    since: z.optional(z.string()),
    /** The latest job that added to them. */
    jobId: z.optional(z.string()),
    results: z.array(built(rotationResultSchema)),
    tokens: built(partTokensSchema),
    revision: z.optional(z.string()),
  }),
);
export type StoredRotationResults = z.infer<typeof storedRotationResultsSchema>;

/** The results with their tokens in clear, as the domain changes them. */
export interface OpenedRotationResults {
  since?: string | undefined;
  jobId?: string | undefined;
  results: RotationResult[];
}

/** A change of the results: the next value, or null to write nothing. */
export type RotationResultsChange = (current: OpenedRotationResults | null) => OpenedRotationResults | null;

/** The results' tokens sealed or open, as the lock is: the envelope bound to the key's storage name. */
export async function openRotationTokens(
  name: string,
  tokens: StoredRotationResults['tokens'],
  key: CryptoKey | undefined,
): Promise<Record<string, string> | undefined> {
  if (!tokens.sealed) return parseTokenMap(tokens.tokens ?? '{}');
  return key && (await openPartTokens(key, name, tokens.sealed));
}

export function createRotationResultsStore(scope: KeyScope) {
  const key = scopedKey(scope, 'rotationResults');
  const name = scopedName(scope, 'rotationResults');
  const serially = createSerialQueue();

  /** The stored value, checked; unreadable data is kept aside (it holds tokens) and reads as none. */
  async function readStored(): Promise<StoredRotationResults | null> {
    const stored = await storage.getItem(key);
    if (stored === null) return null;
    const parsed = storedRotationResultsSchema.safeParse(stored);
    if (parsed.success) return parsed.data;
    await setAsideUnreadable(key, stored, 'storedRotationResults', { keepCorruptCopy: true });
    return null;
  }

  /** Opened with the lock's key when sealed; CredentialsLockedError while the lock keeps it closed. */
  async function open(stored: StoredRotationResults | null): Promise<OpenedRotationResults | null> {
    if (!stored) return null;
    const tokens = await openRotationTokens(name, stored.tokens, stored.tokens.sealed && (await currentKey()));
    if (!tokens) throw new CredentialsLockedError('locked');
    const { since, jobId } = stored;
    const results = stored.results.map((result) => ({ ...result, token: tokens[groupKey(asGroup(result))] ?? '' }));
    return { ...(since !== undefined && { since }), ...(jobId !== undefined && { jobId }), results };
  }

  /** As stored: the tokens in clear while the lock is off, sealed with its key while it is on. */
  async function close(opened: OpenedRotationResults, revision: string): Promise<StoredRotationResults> {
    const tokens = Object.fromEntries(opened.results.map((result) => [groupKey(asGroup(result)), result.token]));
    const results = opened.results.map(({ userGroupId, environment, name: groupName, rotatedAt }) => ({
      userGroupId,
      environment,
      name: groupName,
      rotatedAt,
    }));
    let sealedTokens = clearTokensValue(tokens);
    if (await readLockState()) {
      const lockKey = await currentKey();
      if (!lockKey) throw new CredentialsLockedError('locked');
      sealedTokens = { sealed: await sealPartTokens(lockKey, name, tokens) };
    }
    return storedRotationResultsSchema.parse({
      ...(opened.since !== undefined && { since: opened.since }),
      ...(opened.jobId !== undefined && { jobId: opened.jobId }),
      results,
      tokens: sealedTokens,
      revision,
    });
  }

  async function prepare(change: RotationResultsChange): Promise<PreparedWrite<null>> {
    const current = await open(await readStored());
    const next = change(current);
    const nothing = { entries: [], result: null, stored: () => undefined, notStored: () => undefined };
    if (next === current || next === null) return nothing;
    const value = await close(next, crypto.randomUUID());
    return {
      entries: [
        { key, value },
        { key: `${key}$`, value: { v: ROTATION_RESULTS_VERSION } },
      ],
      result: null,
      stored: () => undefined,
      notStored: () => undefined,
    };
  }

  return {
    /** How many results are held, and since when, without opening a token (null: none ever stored). */
    async peek(): Promise<{ count: number; since?: string } | null> {
      const stored = await readStored();
      return stored && { count: stored.results.length, ...(stored.since !== undefined && { since: stored.since }) };
    },
    /** The results with their tokens (null: none ever stored); CredentialsLockedError while locked. */
    load: (): Promise<OpenedRotationResults | null> => serially(async () => open(await readStored())),
    update: (change: RotationResultsChange): Promise<null> =>
      serially(async () => writePrepared(await prepare(change))),
    /** The change held in this store's queue until it is written with others in one storage call (staged-write.ts). */
    stage: (change: RotationResultsChange): Promise<StagedWrite<null>> => stageIn(serially, () => prepare(change)),
  };
}

export type RotationResultsStore = ReturnType<typeof createRotationResultsStore>;

const asGroup = (result: { userGroupId: string; environment: RotationResult['environment'] }) => ({
  environment: result.environment,
  provided_id: result.userGroupId,
});
