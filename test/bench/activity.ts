import type { BrowserContext, Worker } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';

declare const chrome: typeof ExtensionApi;

/** The activity log's bound (lib/storage/activity/activity-schema.ts ACTIVITY_LIMIT). */
export const ACTIVITY_ENTRIES = 20_000;

/**
 * A full activity log, stored as the background stores it: an index and pages of 100 entries. The
 * chain's hashes are not computed (the page does not check them to show the list; Verify does).
 */
export async function seedActivity(worker: Worker, count = ACTIVITY_ENTRIES): Promise<void> {
  await worker.evaluate(async (total) => {
    const PAGE = 100;
    const zero = '0'.repeat(64);
    const values: Record<string, unknown> = {};
    const pages: number[] = [];
    for (let page = 1; (page - 1) * PAGE < total; page += 1) {
      const entries = [];
      for (let seq = (page - 1) * PAGE + 1; seq <= Math.min(total, page * PAGE); seq += 1)
        entries.push({
          seq,
          at: new Date(Date.UTC(2026, 0, 1) + seq * 60_000).toISOString(),
          kind: seq % 2 ? 'groupRotated' : 'groupCreated',
          outcome: seq % 17 ? 'done' : 'failed',
          workspace: { id: 'bench', name: 'Workspace 1' },
          group: { name: `Group ${seq}`, id: `group-${seq}`, environment: 'Customer' },
          fingerprint: (seq * 2654435761).toString(16).slice(-8).padStart(8, '0'),
          prev: zero,
        });
      values[`activityLog.${String(page).padStart(6, '0')}`] = { entries };
      pages.push(page);
    }
    values.activityLog = {
      v: 1,
      pages,
      count: total,
      nextSeq: total + 1,
      nextPage: pages.length + 1,
      lastHash: zero,
      folded: { count: 0, lastHash: zero },
    };
    await chrome.storage.local.set(values);
  }, count);
}

/** Opens `#activity` with the first-row probe: the time from navigation start to the first entry's row. */
export async function activityFirstRow(context: BrowserContext, origin: string, probe: string, runs: number) {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const page = await context.newPage();
    await page.addInitScript(probe);
    await page.goto(`${origin}options.html#activity`);
    await page.waitForFunction(() => (window as unknown as { __firstRow?: number }).__firstRow !== undefined);
    times.push(await page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow));
    await page.close();
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}
