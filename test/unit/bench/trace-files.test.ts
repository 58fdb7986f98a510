import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../bench/trace-breakdown.ts';
import { fileName, loadFiles, medianFiles } from '../../bench/trace-files.ts';

const PID = 7;
const MAIN = 1;
const START = 1_000_000; // navigation start, trace microseconds

/** A trace event `ms` after navigation start. */
function at(ms: number, name: string, data: Record<string, unknown> = {}, pid = PID, tid = MAIN): TraceEvent {
  return { name, cat: 'devtools.timeline', ph: 'I', ts: START + ms * 1000, pid, tid, args: { data } };
}

describe("a page load's files", () => {
  it('names a file without its content hash or query', () => {
    expect(fileName('chrome-extension://abc/chunks/mount-BcpuIUEg.js')).toBe('mount.js');
    expect(fileName('chrome-extension://abc/chunks/SelectedTabs-DFq3B7I6.js')).toBe('SelectedTabs.js');
    expect(fileName('chrome-extension://abc/popup.html?tabId=12')).toBe('popup.html');
    expect(fileName('chrome-extension://abc/bench-empty.js')).toBe('bench-empty.js');
  });

  it("gives each request its own times, in the order asked for, and the first script's start; other renderers and events outside the window do not count", () => {
    const url = (file: string) => ({ url: `chrome-extension://abc/${file}` });
    const events = [
      at(-5, 'ResourceSendRequest', { requestId: 'old', ...url('before.js') }),
      at(10, 'ResourceSendRequest', { requestId: 'a', ...url('popup.html?tabId=1') }),
      at(10.1, 'ResourceReceiveResponse', { requestId: 'a' }),
      at(18, 'ResourceSendRequest', { requestId: 'b', ...url('chunks/popup-CqTaLIvh.js') }),
      at(18.5, 'ResourceSendRequest', { requestId: 'c', ...url('chunks/mount-BcpuIUEg.js') }),
      at(21, 'ResourceFinish', { requestId: 'a' }),
      at(30, 'ResourceReceiveResponse', { requestId: 'b' }),
      at(31, 'ResourceReceiveResponse', { requestId: 'c' }),
      at(33, 'ResourceFinish', { requestId: 'b' }),
      at(34, 'v8.evaluateModule', {}, PID, 99), // another thread of the renderer
      at(35, 'v8.evaluateModule'),
      at(37, 'ResourceFinish', { requestId: 'c' }),
      at(38, 'v8.evaluateModule'),
      at(20, 'ResourceSendRequest', { requestId: 'x', ...url('elsewhere.js') }, 8),
      at(60, 'ResourceSendRequest', { requestId: 'late', ...url('after.js') }),
    ];
    const { files, firstScriptRan } = loadFiles(events, PID, MAIN, START, START + 50_000);
    expect(files).toEqual([
      { name: 'popup.html', requested: 10, firstByte: 10.1, finished: 21 },
      { name: 'popup.js', requested: 18, firstByte: 30, finished: 33 },
      { name: 'mount.js', requested: 18.5, firstByte: 31, finished: 37 },
    ]);
    expect(firstScriptRan).toBe(35);
  });

  it('takes the median of each time over loads, leaving out a time a load did not see', () => {
    const load = (requested: number, finished: number, ran: number) => ({
      files: [{ name: 'popup.js', requested, firstByte: requested + 10, finished }],
      firstScriptRan: ran,
    });
    expect(medianFiles([load(10, 30, 31), load(20, Number.NaN, 33), load(30, 40, 35)])).toEqual({
      files: [{ name: 'popup.js', requested: 20, firstByte: 30, finished: 35 }],
      firstScriptRan: 33,
    });
  });
});
