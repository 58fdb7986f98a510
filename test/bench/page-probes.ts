// What the benchmark (run.ts) and the side-by-side comparison (compare.ts) watch in a page: when the
// popup (or the empty baseline page) marks itself ready, and when the options page's first row appears.
import type { BrowserContext, Locator } from '@playwright/test';

/**
 * The popup's marks (entrypoints/popup/start-requests.ts, opening-state.ts, first-screen.ts or
 * ProjectForm.tsx, mount.tsx): its tab, stored view and state on its way to ready, then its UI (React),
 * which the first chunk imports once the first screen is painted.
 */
export const POPUP_MARKS = ['popup-tab', 'popup-view', 'popup-state', 'popup-ready', 'popup-ui'] as const;
export type PopupMarks = Partial<Record<(typeof POPUP_MARKS)[number], number>>;

/**
 * Opens `url` in a new tab and returns when each of its popup marks was made (ms since navigation start),
 * once each of `awaited` is (the empty page makes `popup-ready` only).
 */
export async function readyMarks(
  context: BrowserContext,
  url: string,
  awaited: readonly (typeof POPUP_MARKS)[number][] = ['popup-ready'],
): Promise<PopupMarks> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    return await page.evaluate(
      ([names, awaited]) =>
        new Promise<Record<string, number>>((resolve) => {
          const check = () => {
            if (awaited.some((name) => performance.getEntriesByName(name).length === 0))
              return void requestAnimationFrame(check);
            resolve(
              Object.fromEntries(
                names.flatMap((name) => performance.getEntriesByName(name).map((mark) => [name, mark.startTime])),
              ),
            );
          };
          check();
        }),
      [[...POPUP_MARKS], awaited] as const,
    );
  } finally {
    await page.close();
  }
}

/** Opens `url` in a new tab and returns when its `popup-ready` mark was made (ms since navigation start). */
export async function readyTime(context: BrowserContext, url: string): Promise<number> {
  return (await readyMarks(context, url))['popup-ready'] ?? NaN;
}

/** In the page: when the first data row appears, and how long each search keystroke takes to repaint the list. */
export const OPTIONS_PROBE = `
  window.__firstRow = undefined;
  new MutationObserver((_, observer) => {
    if (document.querySelector('[role=row][aria-rowindex="2"]')) { window.__firstRow = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
  document.addEventListener('keydown', () => { window.__keyAt = performance.now(); }, true);
  window.__work = [];
`;

/** What clickToStatus records in the page. */
type StatusProbe = { __clickAt?: number; __statusAt?: number };

/**
 * Milliseconds from a click on `button` to the first moment a status inside `region` holds `text`, as the
 * page saw them: its click event, and a mutation observer on the region. Playwright's own waiting polls
 * at growing intervals (0, 20, 50, 100, 100, then every 500 ms), which rounds a figure up to its next
 * poll: the lock's 390–630 ms read as 890–930 ms that way (2026-11-26).
 */
export async function clickToStatus(region: Locator, button: Locator, text: string): Promise<number> {
  await region.evaluate((element, text) => {
    const probe = window as unknown as StatusProbe;
    probe.__clickAt = undefined;
    probe.__statusAt = undefined;
    document.addEventListener('click', () => (probe.__clickAt = performance.now()), { capture: true, once: true });
    const shown = () =>
      [...element.querySelectorAll('[role=status]')].some((status) => status.textContent?.includes(text));
    new MutationObserver((_, observer) => {
      if (probe.__clickAt === undefined || !shown()) return;
      probe.__statusAt = performance.now();
      observer.disconnect();
    }).observe(element, { childList: true, subtree: true, characterData: true });
  }, text);
  await button.click();
  await region.getByRole('status').filter({ hasText: text }).waitFor({ timeout: 60_000 });
  return region.evaluate(() => {
    const probe = window as unknown as StatusProbe;
    if (probe.__clickAt === undefined || probe.__statusAt === undefined)
      throw new Error('The click or the status was not seen.');
    return probe.__statusAt - probe.__clickAt;
  });
}
