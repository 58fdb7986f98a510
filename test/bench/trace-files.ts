// When each file of a page load was asked for, began to arrive and had arrived, from the same Chrome
// trace as trace-breakdown.ts (category `devtools.timeline`'s Resource* events), and when the page's
// first script began to run. An extension page's files come from the browser process one request each:
// this is where a page's time goes before any of its code runs (docs/performance.md, "The popup's gap,
// file by file").
import { median } from './bench-setup.ts';
import type { TraceEvent } from './trace-breakdown.ts';

/** One file of the load, in ms since navigation start. */
export interface FileTiming {
  /** The file's name without its content hash or query (`popup.html`, `mount.js`). */
  name: string;
  requested: number;
  firstByte: number;
  finished: number;
}

export interface LoadFiles {
  files: FileTiming[];
  /** When the page's first script (module or classic) began to run, ms since navigation start. */
  firstScriptRan: number;
}

/** `chrome-extension://id/chunks/mount-BcpuIUEg.js` → `mount.js`; `…/popup.html?tabId=1` → `popup.html`. */
export function fileName(url: string): string {
  const last = url.split('?')[0]!.split('/').at(-1) ?? url;
  return last.replace(/-[\w-]{8}(\.\w+)$/, '$1');
}

/**
 * The files one renderer (`pid`) loaded in [start, end] (trace microseconds; `start` is navigation
 * start), in the order they were asked for, and when the main thread (`tid`) began its first script.
 */
export function loadFiles(events: readonly TraceEvent[], pid: number, tid: number, start: number, end: number) {
  const byRequest = new Map<string, FileTiming>();
  const at = (event: TraceEvent) => (event.ts - start) / 1000;
  let firstScriptRan = Number.NaN;
  for (const event of [...events].sort((a, b) => a.ts - b.ts)) {
    if (event.pid !== pid || event.ts < start || event.ts > end) continue;
    const data = (event.args?.data ?? {}) as { requestId?: string; url?: string };
    if (event.name === 'ResourceSendRequest' && data.requestId && data.url)
      byRequest.set(data.requestId, {
        name: fileName(data.url),
        requested: at(event),
        firstByte: Number.NaN,
        finished: Number.NaN,
      });
    const file = data.requestId === undefined ? undefined : byRequest.get(data.requestId);
    if (file && event.name === 'ResourceReceiveResponse' && Number.isNaN(file.firstByte)) file.firstByte = at(event);
    if (file && event.name === 'ResourceFinish' && Number.isNaN(file.finished)) file.finished = at(event);
    if (
      Number.isNaN(firstScriptRan) &&
      event.tid === tid &&
      (event.name === 'v8.evaluateModule' || event.name === 'EvaluateScript')
    )
      firstScriptRan = at(event);
  }
  return { files: [...byRequest.values()], firstScriptRan } satisfies LoadFiles;
}

/** The median of each file's three times over several loads. */
export function medianFiles(loads: readonly LoadFiles[]): LoadFiles {
  // A time a load did not see (a file that never finished within the window) is left out of its median.
  const medianOf = (values: number[]) => {
    const seen = values.filter((value) => !Number.isNaN(value));
    return seen.length === 0 ? Number.NaN : median(seen);
  };
  const names = [...new Set(loads.flatMap((load) => load.files.map((file) => file.name)))];
  const files = names.map((name) => {
    const all = loads.flatMap((load) => load.files.filter((file) => file.name === name));
    return {
      name,
      requested: medianOf(all.map((file) => file.requested)),
      firstByte: medianOf(all.map((file) => file.firstByte)),
      finished: medianOf(all.map((file) => file.finished)),
    };
  });
  return { files, firstScriptRan: medianOf(loads.map((load) => load.firstScriptRan)) };
}
