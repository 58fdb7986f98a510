import { z } from 'zod/mini';
import { createSerialQueue } from '../../async/serial-queue';
import { built } from '../../schema-parts';
import {
  rotationResultSchema,
  type RotationResult,
  type RotationResultsSummary,
} from '../rotation/rotation-results-schema';
import { groupKey } from '../registry/registry-schema';
import { storage } from '../storage-api';
import { stageIn, writePrepared, type PreparedWrite, type StagedWrite } from '../staged-write';
import { readValidated } from '../validated-item';
import { scopedKey, scopedName, type KeyScope } from '../workspace-keys';
import { currentKey, readLockState } from './keyring';
import { KEEP_REGISTRY_COPY } from './kept-copies';
import { openStoredSecrets, partTokensSchema, storedSecretsValue } from './part-tokens';
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
const nullableResultsSchema = z.lazy(() => z.nullable(storedRotationResultsSchema));

/** The results with their tokens in clear, as the domain changes them. */
export interface OpenedRotationResults {
  since?: string | undefined;
  jobId?: string | undefined;
  results: RotationResult[];
}

/** A change of the results: the next value, or null to write nothing. */
export type RotationResultsChange = (current: OpenedRotationResults | null) => OpenedRotationResults | null;

export function createRotationResultsStore(scope: KeyScope) {
  const item = storage.defineItem<StoredRotationResults | null>(scopedKey(scope, 'rotationResults'), {
    fallback: null,
    version: ROTATION_RESULTS_VERSION,
  });
  const { key } = item;
  const name = scopedName(scope, 'rotationResults');
  const serially = createSerialQueue();

  /** The stored value, checked; unreadable data is kept aside (it holds tokens: sealed by the lock) and reads as none. */
  const readStored = () => readValidated(item, nullableResultsSchema, 'storedRotationResults', KEEP_REGISTRY_COPY);

  /** Opened with the lock's key when sealed; CredentialsLockedError while the lock keeps it closed. */
  async function open(stored: StoredRotationResults | null): Promise<OpenedRotationResults | null> {
    if (!stored) return null;
    const opened = await openStoredSecrets(stored.tokens, name, stored.tokens.sealed && (await currentKey()));
    if (!opened) throw new CredentialsLockedError('locked');
    const { tokens } = opened.secrets;
    const results = stored.results.map((result) => ({ ...result, token: tokens[keyOf(result)] ?? '' }));
    return { since: stored.since, jobId: stored.jobId, results };
  }

  /**
   * As stored: the tokens in clear while the lock is off, sealed with its key while it is on (the schema
   * leaves each result's token out of the list).
   */
  async function close(opened: OpenedRotationResults): Promise<StoredRotationResults> {
    const tokens = Object.fromEntries(opened.results.map((result) => [keyOf(result), result.token]));
    const sealing = (await readLockState()) !== undefined;
    const lockKey = sealing ? await currentKey() : undefined;
    if (sealing && !lockKey) throw new CredentialsLockedError('locked');
    return storedRotationResultsSchema.parse({
      ...opened,
      tokens: await storedSecretsValue({ tokens, extra: {} }, {}, name, lockKey),
      revision: crypto.randomUUID(),
    });
  }

  async function prepare(change: RotationResultsChange): Promise<PreparedWrite<null>> {
    const current = await open(await readStored());
    const next = change(current);
    const entries =
      next === current || next === null
        ? []
        : [
            { key, value: await close(next) },
            { key: `${key}$` as const, value: { v: ROTATION_RESULTS_VERSION } },
          ];
    return { entries, result: null, stored: () => undefined, notStored: () => undefined };
  }

  return {
    /** How many results are held, and since when, without opening a token (null: none ever stored). */
    async peek(): Promise<RotationResultsSummary | null> {
      const stored = await readStored();
      return stored && { count: stored.results.length, since: stored.since };
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

/** A result's key in the token map: its group's (environment, id). */
const keyOf = (result: { userGroupId: string; environment: RotationResult['environment'] }) =>
  groupKey({ environment: result.environment, provided_id: result.userGroupId });
