import { browser } from 'wxt/browser';
import { readAnswer, sendMessage } from '@/lib/messaging/client';
import { getPopupView } from '@/lib/messaging/messages/popup-messages';
import { parseStoredHistory, readStoredHistory, type StoredHistory } from '@/lib/storage/history/history-source';
import { parseStoredPopupStart } from '@/lib/storage/popup-view/popup-view-item';
import { areCurrentTexts, popupTextsSchema, textsBuild, textsByName } from '@/lib/storage/popup-view/popup-texts';
import { firstScreen, type PopupStart } from '@/lib/storage/popup-view/popup-view-schema';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import type { Result } from '@/lib/result';
import { readTargetPage, type TargetPage } from '@/lib/tabs/read-target-tab';
import type { StartedRequests } from './start-requests';

/** The shown workspace's history: what the first render shows, and the whole of it (the duplicate check) on its way. */
export interface HistoryStart {
  shown: StoredHistory;
  whole: Promise<StoredHistory>;
}

/** What the popup shows for a workspace: its first screen (or why it could not be had) and its history. */
export interface WorkspaceStart {
  start: Result<PopupStart>;
  history: HistoryStart;
}

export interface PopupState extends WorkspaceStart {
  page: TargetPage;
  /** The first screen's texts and digits, stored in the browser's language by this build; none when they are not. */
  texts?: { messages: Record<string, string>; digits: string[] } | undefined;
}

const NO_HISTORY: StoredHistory = { entries: [], unreadable: false };

/**
 * The history the first render shows: the whole one when its read has already come back, else the view's
 * newest projects (enough for the list, and for the duplicate warning about a page just registered); the
 * whole one follows. Create project never relies on it: the background checks again (REGISTERED_BEFORE).
 */
function historyStart(start: Result<PopupStart>, early?: StartedRequests['reads']['history']): HistoryStart {
  if (!start.ok) return { shown: NO_HISTORY, whole: Promise.resolve(NO_HISTORY) };
  const { workspaceId, recent } = start.value.view;
  const whole = (early ?? Promise.resolve(undefined)).then((read) =>
    read?.workspaceId === workspaceId
      ? parseStoredHistory(read.stored)
      : readStoredHistory(workspaceScope(workspaceId)),
  );
  const held: HistoryStart = { shown: { entries: recent, unreadable: false }, whole };
  void whole.then((history) => (held.shown = history));
  return held;
}

/** Another workspace (the picker, or the same one again after unlocking), asked of the background. */
export async function loadWorkspaceStart(workspaceId: string): Promise<WorkspaceStart> {
  const start = await sendMessage(getPopupView, { preferWorkspace: workspaceId });
  return { start, history: historyStart(start) };
}

/** The first screen from storage when it can tell; else the background's answer (sent early if no view was stored). */
async function firstStart(started: StartedRequests): Promise<Result<PopupStart>> {
  const { view, lockOpen } = await started.reads.start;
  const stored = parseStoredPopupStart(view, lockOpen);
  if (stored && firstScreen(stored).kind !== 'ask') return { ok: true, value: stored };
  const early = await started.asked;
  return early ? readAnswer(getPopupView, early.sent, {}) : sendMessage(getPopupView, {});
}

/**
 * Everything the popup needs before the form exists, from the reads main.ts started: the page (its tab,
 * or the link it was opened for) and the first screen: the workspaces it offers, the one shown (the last
 * used: the context menu and the shortcut open the popup, so they act in it too), its setup and its
 * newest projects, checked here.
 */
export async function loadPopupState(started: StartedRequests): Promise<PopupState> {
  const [start, page, texts] = await Promise.all([
    firstStart(started),
    readTargetPage(started.search, started.tab),
    started.reads.start.then(({ texts }) => firstScreenTexts(texts)),
  ]);
  return { start, page, history: historyStart(start, started.reads.history), texts };
}

/** The stored texts of the first screen, checked: when they are this build's in the browser's language. */
function firstScreenTexts(stored: unknown): PopupState['texts'] {
  const parsed = popupTextsSchema.safeParse(stored);
  return parsed.success && areCurrentTexts(parsed.data, textsBuild(), browser.i18n.getUILanguage())
    ? { messages: textsByName(parsed.data), digits: parsed.data.digits }
    : undefined;
}
