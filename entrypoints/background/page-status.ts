import { browser } from 'wxt/browser';
import { debounce } from '@/lib/async/debounce';
import { createSerialQueue } from '@/lib/async/serial-queue';
import { pageStatusRules, registeredPageUrls } from '@/lib/projects/page-status-rules';
import { readStoredHistory } from '@/lib/storage/history/history-source';
import { watchLastUsedHistory } from '@/lib/storage/history/watch-registered-pages';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import type { WorkspaceIndexStore } from '@/lib/workspaces/workspace-index-store';

/** Changes are acted on once quiet for this long, and at least this often during a register job. */
const SETTLE_MS = 1_000;
const MAX_WAIT_MS = 5_000;
/** The toolbar icon's sizes at 1x and 2x, drawn from the extension's own icons. */
const ICON_SIZES = [16, 32] as const;

type DeclarativeContent = typeof browser.declarativeContent;
type Rule = Parameters<DeclarativeContent['onPageChanged']['addRules']>[0][number];

/** The extension's icon with a mark in its lower corner: a green disc in a white ring (and a tick at 2x). */
async function markedIcon(size: (typeof ICON_SIZES)[number]): Promise<ImageData> {
  const response = await fetch(browser.runtime.getURL(`/icon/${size}.png`));
  const icon = await createImageBitmap(await response.blob());
  const canvas = new OffscreenCanvas(size, size);
  const context = canvas.getContext('2d')!;
  context.drawImage(icon, 0, 0, size, size);
  const radius = size * 0.25;
  const center = size - radius - size / 32;
  context.beginPath();
  context.arc(center, center, radius, 0, 2 * Math.PI);
  context.fillStyle = '#1a7f37';
  context.fill();
  context.lineWidth = size / 16;
  context.strokeStyle = '#ffffff';
  context.stroke();
  if (size >= 32) {
    context.beginPath();
    context.moveTo(center - radius * 0.45, center);
    context.lineTo(center - radius * 0.1, center + radius * 0.35);
    context.lineTo(center + radius * 0.5, center - radius * 0.35);
    context.stroke();
  }
  return context.getImageData(0, 0, size, size);
}

/** Chrome's declarative events answer through callbacks only (their promise forms are refused). */
function call(run: (done: () => void) => void): Promise<void> {
  return new Promise((resolve, reject) =>
    run(() => {
      const error = browser.runtime.lastError;
      if (error) reject(new Error(error.message));
      else resolve();
    }),
  );
}

/**
 * Page status on Chrome (design.md §12): the toolbar icon shows a mark on the pages already registered
 * in the last used workspace (the one the popup registers in). Chrome matches the pages itself, from
 * `declarativeContent` rules (a permission without an install warning; nothing is asked, no page is
 * read) whose `SetIcon` image is drawn here from the extension's icon. The rules are rebuilt from the
 * workspace's project history when it or the last used workspace changes (debounced), and when the
 * extension is installed, updated or the browser starts (Chrome keeps rules across sessions).
 * Firefox has no such API: there this does nothing, and the popup's duplicate warning says it instead.
 */
export function registerPageStatus(index: Pick<WorkspaceIndexStore, 'read'>): void {
  const api = browser.declarativeContent as DeclarativeContent | undefined;
  if (!api?.onPageChanged || typeof OffscreenCanvas === 'undefined') return;
  const serially = createSerialQueue();
  let icons: Promise<Record<number, ImageData>> | undefined;
  // The workspace whose history the rules hold (unknown in a new worker: any history change rebuilds).
  let shown: string | undefined;

  const iconsOnce = () =>
    (icons ??= Promise.all(ICON_SIZES.map(markedIcon)).then((images) =>
      Object.fromEntries(ICON_SIZES.map((size, at) => [size, images[at]!])),
    ));

  async function rebuild(): Promise<void> {
    const { lastUsed } = await index.read();
    const history = await readStoredHistory(workspaceScope(lastUsed));
    const rules = pageStatusRules(registeredPageUrls(history.entries));
    const imageData = rules.length > 0 ? await iconsOnce() : {};
    const made: Rule[] = rules.map((rule) => ({
      id: rule.id,
      conditions: rule.urls.map((url) => new api!.PageStateMatcher({ pageUrl: { urlEquals: url } })),
      actions: [new api!.SetIcon({ imageData })],
    }));
    await call((done) => api!.onPageChanged.removeRules(done));
    if (made.length > 0) await call((done) => api!.onPageChanged.addRules(made, done));
    shown = lastUsed;
  }

  const later = debounce(
    () =>
      void serially(rebuild).catch((error: unknown) => {
        console.error(
          `Review Companion: the page status rules could not be rebuilt (${error instanceof Error ? error.name : 'unknown'}).`,
        );
      }),
    { waitMs: SETTLE_MS, maxWaitMs: MAX_WAIT_MS },
  );

  watchLastUsedHistory(() => shown, later);
  browser.runtime.onInstalled.addListener(() => later());
  browser.runtime.onStartup.addListener(() => later());
}
