import { apiHealthItemFor } from '../storage/api-health-item';
import { readValidated } from '../storage/validated-item';
import type { Result } from '../result';
import { apiHealthSchema, lastCallSucceeded, type ApiHealth, type HealthApi } from '../storage/api-health';
import type { KeyScope } from '../storage/workspace-keys';
import { createSerialQueue } from '../async/serial-queue';

/** A success right after another is not written again within this time: a bulk create calls every few ms. */
export const SUCCESS_REFRESH_MS = 30_000;

/** The health after a call: its success time, or its failure (the message already redacted). */
export function afterCall(health: ApiHealth, api: HealthApi, result: Result<unknown>, at: Date): ApiHealth {
  const state = health[api] ?? {};
  const next = result.ok
    ? { ...state, lastSuccessAt: at.toISOString() }
    : { ...state, lastFailure: { at: at.toISOString(), code: result.error.code, message: result.error.message } };
  return { ...health, [api]: next };
}

/** Worth a write: any failure, the first success after a failure, or a success once SUCCESS_REFRESH_MS has passed. */
function worthWriting(health: ApiHealth, api: HealthApi, result: Result<unknown>, at: Date): boolean {
  const state = health[api];
  if (!result.ok || !state || lastCallSucceeded(state) !== true) return true;
  return at.getTime() - Date.parse(state.lastSuccessAt ?? '') >= SUCCESS_REFRESH_MS;
}

/** Records, per API, how a workspace's calls ended (background only; one small item per workspace). */
export function createHealthRecorder(scope: KeyScope, now = () => new Date()) {
  const item = apiHealthItemFor(scope);
  const serially = createSerialQueue();
  let known: ApiHealth | undefined;

  return {
    /** Never throws: the call's own outcome matters more than its record. */
    record(api: HealthApi, result: Result<unknown>): Promise<void> {
      const run = serially(async () => {
        known ??= await readValidated(item, apiHealthSchema, 'storedConnectionState');
        const at = now();
        if (!worthWriting(known, api, result, at)) return;
        const next = afterCall(known, api, result, at);
        await item.setValue(apiHealthSchema.parse(next));
        known = next;
      });
      return run.catch(() => {
        known = undefined;
      });
    },
  };
}

export type HealthRecorder = ReturnType<typeof createHealthRecorder>;
