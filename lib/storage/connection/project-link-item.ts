import { storage } from '../storage-api';
import { perScope } from '../per-scope';
import { scopedKey, type KeyScope } from '../workspace-keys';
import { NO_PROJECT_LINK, type ProjectLinkSetting } from './connection-schema';
import { devProjectLink } from './dev-defaults';

/** What a workspace that never saved a project link reads (a development build: the sandbox's). */
export const PROJECT_LINK_FALLBACK: ProjectLinkSetting =
  devProjectLink === undefined ? NO_PROJECT_LINK : { template: devProjectLink };

/**
 * `ws.<id>.projectLink` (its schema: connection-schema.ts): its own item rather than a field of the
 * connection settings, whose version-1 shape many readers take as it is, so that adding it changed no
 * stored shape. Written by the connection repository only, in the same storage call as the settings;
 * the background serves it with the connection's status. No migrations: defining it reads nothing.
 */
export const projectLinkItemFor = perScope((scope: KeyScope) =>
  storage.defineItem<ProjectLinkSetting>(scopedKey(scope, 'projectLink'), {
    fallback: PROJECT_LINK_FALLBACK,
    version: 1,
  }),
);
