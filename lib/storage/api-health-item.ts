import { storage } from './storage-api';
import type { ApiHealth } from './api-health';
import { perScope } from './per-scope';
import { scopedKey, type KeyScope } from './workspace-keys';

/** `ws.<id>.apiHealth`: written by the background's health recorder only; pages read it. */
export const apiHealthItemFor = perScope((scope: KeyScope) =>
  storage.defineItem<ApiHealth>(scopedKey(scope, 'apiHealth'), { fallback: {} }),
);
