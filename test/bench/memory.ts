// JS heap figures for the benchmark (issue 25 item 5): a page's heap through a CDP session on the page,
// and the background service worker's heap through Chromium's DevTools port (Playwright opens no CDP
// session on a service worker; bench-setup.ts launches Chromium with `--remote-debugging-port=0`, and
// Chromium writes the port it chose into the profile's DevToolsActivePort file).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';

/** The page's JS heap in use after a full garbage collection, in bytes. */
export async function pageHeap(context: BrowserContext, page: Page): Promise<number> {
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await cdp.detach();
  }
}

interface DevToolsTarget {
  type: string;
  url: string;
  webSocketDebuggerUrl?: string;
}

/** A DevTools connection to the extension's service worker, to read its heap while it works. */
export interface WorkerHeap {
  /** The worker's JS heap in use now (garbage included: no collection is forced mid-job), in bytes. */
  used(): Promise<number>;
  /** The worker's JS heap in use after a full garbage collection: what it still holds, in bytes. */
  collected(): Promise<number>;
  close(): void;
}

export async function connectWorkerHeap(profile: string, origin: string): Promise<WorkerHeap> {
  const port = (await readFile(path.join(profile, 'DevToolsActivePort'), 'utf8')).split('\n')[0];
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as DevToolsTarget[];
  const target = targets.find((candidate) => candidate.type === 'service_worker' && candidate.url.startsWith(origin));
  if (!target?.webSocketDebuggerUrl) throw new Error(`no DevTools target for the service worker of ${origin}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 0;
  const pending = new Map<number, (result: { usedSize?: number }) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: { usedSize?: number } };
    if (message.id !== undefined && message.result) pending.get(message.id)?.(message.result);
  });
  const send = (method: string) =>
    new Promise<{ usedSize?: number }>((resolve) => {
      nextId += 1;
      pending.set(nextId, resolve);
      socket.send(JSON.stringify({ id: nextId, method }));
    });
  const used = async () => (await send('Runtime.getHeapUsage')).usedSize ?? NaN;
  return {
    used,
    collected: async () => {
      await send('HeapProfiler.collectGarbage');
      return used();
    },
    close: () => socket.close(),
  };
}

/** Samples `heap` every `everyMs` until `work` settles; returns the work's value and the largest sample. */
export async function peakDuring<T>(
  heap: WorkerHeap,
  work: Promise<T>,
  everyMs = 200,
): Promise<{ value: T; peak: number }> {
  let peak = await heap.used();
  let done = false;
  const sampling = (async () => {
    while (!done) {
      peak = Math.max(peak, await heap.used());
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  try {
    return { value: await work, peak };
  } finally {
    done = true;
    await sampling;
  }
}

export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
