// Bulk create of many groups through the extension (throttle off) against a Node loop of plain
// sequential fetch calls to the same sandbox: what the extension adds per row (journal, registry).
import type { BrowserContext } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import type { Sandbox } from '../sandbox/server.ts';
import { peakDuring, type WorkerHeap } from './memory.ts';

declare const chrome: typeof ExtensionApi;

export const BULK_ROWS = 1000;

export interface BulkFigures {
  count: number;
  extension: number;
  plain: number;
  /**
   * The service worker's JS heap before the job and after it, each after a full garbage collection, and
   * its largest sample during the job (garbage included), in bytes.
   */
  workerHeap: { idle: number; peak: number; retained: number };
}

async function nodeLoop(sandbox: Sandbox, count: number): Promise<number> {
  const start = performance.now();
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(`${sandbox.userGroupBaseUrl}/api/user`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Token ${sandbox.credentials.apiToken}` },
      body: JSON.stringify({
        current_token: '',
        name: `Plain ${index}`,
        user_group_id: `plain-${index}`,
        api_environment_tag: 'Customer',
      }),
    });
    await response.json();
  }
  return performance.now() - start;
}

/** Starts the job from an options page (the background only accepts its own pages) and waits for it to end. */
async function throughExtension(
  context: BrowserContext,
  origin: string,
  workspaceId: string,
  count: number,
): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(`${origin}options.html`);
    return await page.evaluate(
      async ({ total, workspaceId }) => {
        // The workspace the bench set up (run.ts): its registry and job start empty.
        const scope = `ws.${workspaceId}.`;
        const parts = Object.keys(await chrome.storage.local.get(null)).filter(
          (key) => key.startsWith(`${scope}userGroups.`) || key.startsWith(`${scope}userGroupTokens.`),
        );
        await chrome.storage.local.remove([...parts, `${scope}bulkCreateJob`, `${scope}bulkCreateRows`]);
        const rows = Array.from({ length: total }, (_, index) => ({
          line: index + 2,
          name: `Bulk ${index}`,
          userGroupId: `bulk-${index}`,
          environment: 'Testing',
        }));
        const finished = new Promise<void>((resolve) => {
          chrome.storage.onChanged.addListener((changes) => {
            const job = changes[`${scope}bulkCreateJob`]?.newValue as { status?: string } | undefined;
            if (job?.status && job.status !== 'running') resolve();
          });
        });
        const start = performance.now();
        const answer = await chrome.runtime.sendMessage<unknown, { ok: boolean }>({
          type: 'startBulkCreate',
          data: { workspaceId, rows, ratePerMinute: null },
        });
        if (!answer.ok) throw new Error(`startBulkCreate was refused: ${JSON.stringify(answer)}`);
        await finished;
        return performance.now() - start;
      },
      { total: count, workspaceId },
    );
  } finally {
    await page.close();
  }
}

export async function measureBulkCreate(
  context: BrowserContext,
  origin: string,
  workspaceId: string,
  sandbox: Sandbox,
  heap: WorkerHeap,
  count = BULK_ROWS,
): Promise<BulkFigures> {
  sandbox.reset();
  const plain = await nodeLoop(sandbox, count);
  sandbox.reset();
  // Collected first: the measures before this one leave the worker's garbage of their own.
  const idle = await heap.collected();
  const { value: extension, peak } = await peakDuring(heap, throughExtension(context, origin, workspaceId, count));
  if (sandbox.groups().length !== count)
    throw new Error(`bulk create left ${sandbox.groups().length} of ${count} groups in the sandbox`);
  const retained = await heap.collected();
  return { count, extension, plain, workerHeap: { idle, peak, retained } };
}
