import { storage } from './storage-api';
import { apiHealthSchema, type ApiHealth } from './api-health';
import { watchItem } from './watch-item';
import { perScope } from './per-scope';
import { scopedKey, type KeyScope } from './workspace-keys';

/** `ws.<id>.apiHealth`: written by the background's health recorder only; pages read it. */
export const apiHealthItemFor = perScope((scope: KeyScope) =>
  storage.defineItem<ApiHealth>(scopedKey(scope, 'apiHealth'), { fallback: {} }),
);

const healthOf = (value: unknown): ApiHealth => {
  const parsed = apiHealthSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
};

/** A workspace's record as a page shows it: checked, and empty when there is none or it cannot be read. */
export const readApiHealth = async (scope: KeyScope): Promise<ApiHealth> =>
  healthOf(await apiHealthItemFor(scope).getValue());

/** Calls back with the record whenever the background writes it; returns the unsubscribe. */
export const watchApiHealth = (scope: KeyScope, callback: (health: ApiHealth) => void): (() => void) =>
  watchItem(apiHealthItemFor(scope), (value) => callback(healthOf(value)));
