import { storage } from '../storage-api';
import type { ProjectHistory } from './history-schema';
import { scopedKey, type KeyScope } from '../workspace-keys';
import { perScope } from '../per-scope';

export const PROJECT_HISTORY_VERSION = 1;

/**
 * One pure function per version step: `migrations[N]` turns a version N-1 value into version N.
 * Version 1 is the first, so there is none yet. A change of shape raises the version, adds its step
 * here and a stored example in test/unit/fixtures/storage/project-history.v<N>.json; the migration
 * test then checks that each step turns one example into the next.
 */
export const projectHistoryMigrations: Record<number, (value: unknown) => unknown> = {};

/**
 * Every project created from this browser in a workspace (see lib/projects/history-*.ts). Written only
 * by the background, after the service created the project; pages read it with history-source.ts.
 */
export const projectHistoryItemFor = perScope((scope: KeyScope) =>
  storage.defineItem<ProjectHistory>(scopedKey(scope, 'projectHistory'), {
    fallback: [],
    version: PROJECT_HISTORY_VERSION,
    migrations: projectHistoryMigrations,
  }),
);
