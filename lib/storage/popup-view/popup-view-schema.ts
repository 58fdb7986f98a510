import { z } from 'zod/mini';
import { historyEntrySchema } from '../history/history-schema';
import { workspaceIdSchema, workspaceSchema } from '../workspaces/workspace-index-schema';
import { POPUP_VIEW_VERSION } from './popup-view-keys';
import { SETUP_FIELDS, type SetupGap } from './setup-gaps';

// The popup's first screen, stored (design.md §15): schemas and pure rules only, so that the popup imports
// them without storage code. Written by the background only (lib/projects/popup-view.ts), in the same
// storage call as whatever it summarizes; no secret is in it, nor anything derived from one but whether
// it is set.

/** How many of the newest projects the popup lists; the options page has them all. */
export const RECENT_PROJECTS_SHOWN = 5;

/** What keeps a workspace's project API from being ready (setup-gaps.ts). */
export const setupGapSchema = z.lazy(() => z.enum(SETUP_FIELDS));

// Built on first use, as a message's answer is (lib/messaging/define-message.ts): the popup parses it
// once, in the task that draws its first screen (test/unit/tooling/schemas-at-load.test.ts).
export const popupViewSchema = z.lazy(() =>
  z.object({
    version: z.literal(POPUP_VIEW_VERSION),
    /** The workspaces the picker offers: those that can register a page (the last used alone when none can). */
    workspaces: z.array(workspaceSchema),
    /** The one the popup opens on: the one asked for if offered, else the last used, else the first offered. */
    workspaceId: workspaceIdSchema,
    /** The passphrase lock is on. Whether it is open is `session:lockOpen`, which a browser restart clears. */
    lockOn: z.boolean(),
    /** That workspace's secrets are sealed under the lock: while the lock is closed, the popup offers Unlock. */
    sealed: z.boolean(),
    /**
     * What keeps its project API from being ready (empty: ready). Absent when it could not be known where
     * the view was made (sealed with no key at hand; secrets kept in `session:`, which a restart clears).
     */
    missing: z.optional(z.array(setupGapSchema)),
    /** Its project link template, when it has one that passes its check. */
    projectLink: z.optional(z.string()),
    /** Its newest projects, oldest first as the history keeps them. */
    recent: z.array(historyEntrySchema),
  }),
);
export type PopupView = z.infer<typeof popupViewSchema>;

/** The view with whether the lock is open: what the popup reads from storage, or the background answers. */
export const popupStartSchema = z.lazy(() => z.object({ view: popupViewSchema, unlocked: z.boolean() }));
export type PopupStart = z.infer<typeof popupStartSchema>;

/** What the popup's first screen is, from the view; `ask`: the view cannot tell, ask the background. */
export type FirstScreen =
  | { kind: 'unlock' }
  | { kind: 'notSetUp'; missing: SetupGap[] }
  | { kind: 'form'; projectLink?: string | undefined }
  | { kind: 'ask' };

export function firstScreen({ view, unlocked }: PopupStart): FirstScreen {
  if (view.lockOn && view.sealed && !unlocked) return { kind: 'unlock' };
  if (!view.missing) return { kind: 'ask' };
  if (view.missing.length > 0) return { kind: 'notSetUp', missing: view.missing };
  return { kind: 'form', projectLink: view.projectLink };
}
