import { checkProjectLinkTemplate } from '../api/project-link';
import type { AreaRead, WriteCompanion } from '../storage/area-write';
import {
  connectionSettingsSchema,
  projectLinkSettingSchema,
  type ConnectionSettings,
} from '../storage/connection/connection-schema';
import { CONNECTION_SETTINGS_FALLBACK } from '../storage/connection/connection-settings-item';
import { PROJECT_LINK_FALLBACK } from '../storage/connection/project-link-item';
import { usableCredentials } from '../storage/credentials/credential-origins';
import { CREDENTIALS_FALLBACK } from '../storage/credentials/credentials-items';
import { CREDENTIALS_STORAGE_NAME } from '../storage/credentials/credentials-keys';
import { credentialsAtRestSchema, isSealed, openWithSessionKey } from '../storage/credentials/sealed-credentials';
import { parseStoredHistory } from '../storage/history/history-source';
import { LOCK_STATE_KEY } from '../storage/lock/lock-keys';
import { lockStateSchema, type LockState } from '../storage/lock/lock-schema';
import { POPUP_VIEW_KEY } from '../storage/popup-view/popup-view-keys';
import { popupViewSchema, RECENT_PROJECTS_SHOWN, type PopupView } from '../storage/popup-view/popup-view-schema';
import { projectApiGaps } from '../storage/popup-view/setup-gaps';
import { LAST_USED_WORKSPACE_KEY, scopedName, WORKSPACE_INDEX_KEY, workspaceScope } from '../storage/workspace-keys';
import { parseWorkspaceIndex } from '../storage/workspaces/workspace-index-item';
import { chooseWorkspace } from '../storage/workspaces/workspace-index-schema';
import { canRegisterPages } from '../storage/workspaces/workspace-source';

// The popup's first screen (design.md §15), made from what is stored: by the background for the stored
// view (`local:popupView`, in the same storage call as any change of what it summarizes: the companion
// below), and for its answer to getPopupView (the popup asks when the stored view cannot tell). One
// function for both, so that the stored view is what the background would answer.

export interface ViewReads {
  /** `storage.local` (as it will be once a write is done, for the stored view). */
  local: AreaRead;
  /**
   * `storage.session`, for secrets kept there: the background's answer only. The stored view outlives
   * a browser restart, which clears them: for such a workspace it leaves the setup to the background.
   */
  session?: AreaRead;
}

export interface ViewOptions {
  /** The workspace to open on when it is offered (the picker, an unlock); else the last used. */
  prefer?: string | undefined;
  /** The view stored before a change, and the keys the change writes: its recent projects are kept if theirs did not change. */
  previous?: PopupView | undefined;
  changed?: ReadonlySet<string>;
}

/**
 * A workspace's secrets opened as far as can be known here, with the lock's state about to be stored:
 * `sealed`, and the clear ones (undefined: sealed with no key at hand, cannot tell).
 */
async function openSecrets(settings: ConnectionSettings, value: unknown, lockState: LockState | undefined) {
  // None stored reads as the fallback; of the wrong shape, the background resets them so at their next read.
  const atRest = credentialsAtRestSchema.safeParse(value).data ?? CREDENTIALS_FALLBACK[settings.secretsArea];
  return { sealed: isSealed(atRest), clear: await openWithSessionKey(atRest, lockState ?? null) };
}

/** The popup's first screen as storage holds it now (`reads`); undefined before the list of workspaces exists. */
export async function composePopupView(reads: ViewReads, options: ViewOptions = {}): Promise<PopupView | undefined> {
  const top = await reads.local([WORKSPACE_INDEX_KEY, LAST_USED_WORKSPACE_KEY, LOCK_STATE_KEY]);
  const { index, lastUsed } = parseWorkspaceIndex(top);
  if (!index) return undefined;
  const lockState = lockStateSchema.safeParse(top[LOCK_STATE_KEY]).data;
  const settingsName = (id: string) => scopedName(workspaceScope(id), 'connectionSettings');
  const storedSettings = await reads.local(index.workspaces.map((workspace) => settingsName(workspace.id)));
  const settingsOf = new Map(
    index.workspaces.flatMap(({ id }) => {
      const parsed = connectionSettingsSchema.safeParse(storedSettings[settingsName(id)]);
      return parsed.success ? [[id, parsed.data] as const] : [];
    }),
  );
  const offered = canRegisterPages(index.workspaces, settingsOf);
  // With none that can register a page, the last used one explains itself (its setup says what is missing).
  const workspaces = offered.length > 0 ? offered : [chooseWorkspace(index.workspaces, lastUsed)];
  const shown = chooseWorkspace(workspaces, options.prefer, lastUsed);
  const settings = settingsOf.get(shown.id) ?? CONNECTION_SETTINGS_FALLBACK;

  const scope = workspaceScope(shown.id);
  const names = {
    link: scopedName(scope, 'projectLink'),
    history: scopedName(scope, 'projectHistory'),
    secrets: scopedName(scope, CREDENTIALS_STORAGE_NAME),
  };
  const keepRecent = options.previous?.workspaceId === shown.id && !options.changed?.has(names.history);
  const secretsRead = settings.secretsArea === 'local' ? reads.local : reads.session;
  const [stored, secrets] = await Promise.all([
    reads.local([names.link, ...(keepRecent ? [] : [names.history])]),
    secretsRead?.([names.secrets]),
  ]);
  const opened = secrets
    ? await openSecrets(settings, secrets[names.secrets], lockState)
    : { sealed: false, clear: undefined };
  const link = projectLinkSettingSchema.safeParse(stored[names.link]);
  const checkedLink = checkProjectLinkTemplate(link.success ? link.data.template : PROJECT_LINK_FALLBACK.template);
  return {
    version: 1,
    workspaces,
    workspaceId: shown.id,
    lockOn: lockState !== undefined,
    sealed: opened.sealed,
    ...(opened.clear && {
      missing: projectApiGaps({ projectApiUrl: settings.projectApiUrl, ...usableCredentials(opened.clear, settings) }),
    }),
    ...(checkedLink.ok && checkedLink.template && { projectLink: checkedLink.template }),
    recent:
      keepRecent && options.previous
        ? options.previous.recent
        : parseStoredHistory(stored[names.history]).entries.slice(-RECENT_PROJECTS_SHOWN),
  };
}

const FOLLOWED_OF_A_WORKSPACE = /^ws\.[^.]+\.(connectionSettings|credentials|projectLink|projectHistory)$/;
const FOLLOWED = new Set([WORKSPACE_INDEX_KEY, LAST_USED_WORKSPACE_KEY, LOCK_STATE_KEY]);

/**
 * The stored view, kept in step by lib/storage/area-write.ts: every write of the list of workspaces, the
 * last used one, the lock's state, or a workspace's settings, secrets, project link or history (in
 * `local:`) carries the view made from storage as that write leaves it. A view that cannot be made is
 * stored as `null`: the popup then asks the background, as with none.
 */
export const popupViewCompanion: WriteCompanion = {
  follows: (area, name) => area === 'local' && (FOLLOWED.has(name) || FOLLOWED_OF_A_WORKSPACE.test(name)),
  async alongside(_area, values, read) {
    try {
      const changed = Object.keys(values);
      // A change keeps the stored view's recent projects unless it writes the history; none (the start's
      // rewrite) makes the view afresh.
      const previous = changed.length
        ? popupViewSchema.safeParse((await read([POPUP_VIEW_KEY]))[POPUP_VIEW_KEY]).data
        : undefined;
      const view = await composePopupView({ local: read }, { previous, changed: new Set(changed) });
      return { [POPUP_VIEW_KEY]: view ?? null };
    } catch {
      return { [POPUP_VIEW_KEY]: null };
    }
  },
};
