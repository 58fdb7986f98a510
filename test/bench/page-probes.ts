// What the benchmark (run.ts) and the side-by-side comparison (compare.ts) watch in a page: when the
// popup (or the empty baseline page) marks itself ready, and when the options page's first row appears.
import type { BrowserContext } from '@playwright/test';

/** Opens `url` in a new tab and returns when its `popup-ready` mark was made (ms since navigation start). */
export async function readyTime(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const check = () => {
            const mark = performance.getEntriesByName('popup-ready')[0];
            if (mark) resolve(mark.startTime);
            else requestAnimationFrame(check);
          };
          check();
        }),
    );
  } finally {
    await page.close();
  }
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
