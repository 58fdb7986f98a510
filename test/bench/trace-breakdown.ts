// Where the milliseconds of one measured window go, from a Chrome trace (CDP Tracing, the categories in
// TRACE_CATEGORIES): the time of a thread's tasks split by what ran (self time of each trace event,
// given to the nearest event of a known kind), and the time nothing ran on it (waiting: for storage,
// a message, the network or a frame). Used by trace.ts for docs/performance.md.

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'toplevel',
  'v8',
];

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

/** The kinds a main thread's time is split into, in the order the tables show them. */
export const KINDS = [
  'navigation and commit',
  'HTML parse',
  'script compile',
  'script evaluation',
  'JS: callbacks, React render, handlers',
  'style and layout',
  'paint and composite',
  'garbage collection',
  'other tasks',
  'waiting (storage, messages, network, frames)',
] as const;
export type Kind = (typeof KINDS)[number];

const KIND_OF: Record<string, Kind> = {
  'RenderFrameImpl::CommitNavigation': 'navigation and commit',
  'AgentSchedulingGroup::CreateFrame': 'navigation and commit',
  'AgentSchedulingGroup::CreateWebView': 'navigation and commit',
  ParseHTML: 'HTML parse',
  'v8.compile': 'script compile',
  'v8.compileModule': 'script compile',
  'V8.CompileCode': 'script compile',
  'v8.produceModuleCache': 'script compile',
  'v8.evaluateModule': 'script evaluation',
  EvaluateScript: 'script evaluation',
  FunctionCall: 'JS: callbacks, React render, handlers',
  'v8.callFunction': 'JS: callbacks, React render, handlers',
  RunMicrotasks: 'JS: callbacks, React render, handlers',
  EventDispatch: 'JS: callbacks, React render, handlers',
  FireAnimationFrame: 'JS: callbacks, React render, handlers',
  UpdateLayoutTree: 'style and layout',
  Layout: 'style and layout',
  'Document::updateStyle': 'style and layout',
  Paint: 'paint and composite',
  PrePaint: 'paint and composite',
  Layerize: 'paint and composite',
  Commit: 'paint and composite',
  UpdateLayer: 'paint and composite',
  MinorGC: 'garbage collection',
  MajorGC: 'garbage collection',
  'V8.GC_SCAVENGER': 'garbage collection',
  'V8.GC_MARK_COMPACTOR': 'garbage collection',
  BlinkGC: 'garbage collection',
};

/** One thread's time in [start, end] (trace microseconds), by kind, in milliseconds. */
export function threadBreakdown(
  events: readonly TraceEvent[],
  pid: number,
  tid: number,
  start: number,
  end: number,
): Record<Kind, number> {
  const complete = events
    .filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && event.dur !== undefined)
    .filter((event) => event.ts < end && event.ts + event.dur! > start)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const result = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  // Self time of each event, clipped to the window, given to its own kind or its nearest known ancestor's.
  const stack: { event: TraceEvent; kind: Kind | undefined; end: number }[] = [];
  const clip = (from: number, to: number) => Math.max(0, Math.min(to, end) - Math.max(from, start));
  let busy = 0;
  const selfOf = new Map<TraceEvent, number>();
  for (const event of complete) {
    const eventEnd = event.ts + event.dur!;
    while (stack.length > 0 && stack.at(-1)!.end <= event.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent)
      selfOf.set(parent.event, (selfOf.get(parent.event) ?? 0) - clip(event.ts, Math.min(eventEnd, parent.end)));
    else busy += clip(event.ts, eventEnd);
    const kind = KIND_OF[event.name] ?? parent?.kind;
    selfOf.set(event, (selfOf.get(event) ?? 0) + clip(event.ts, eventEnd));
    stack.push({ event, kind, end: eventEnd });
    (event as TraceEvent & { kind?: Kind }).kind = kind;
  }
  for (const [event, self] of selfOf) {
    const kind = (event as TraceEvent & { kind?: Kind }).kind ?? 'other tasks';
    result[kind] += self / 1000;
  }
  result['waiting (storage, messages, network, frames)'] = Math.max(0, (end - start - busy) / 1000);
  return result;
}

/** The named threads of a trace: `pid:tid` → name. */
export function threadNames(events: readonly TraceEvent[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const event of events)
    if (event.ph === 'M' && event.name === 'thread_name')
      names.set(`${event.pid}:${event.tid}`, String((event.args as { name?: string } | undefined)?.name));
  return names;
}

/** Element-wise median of several breakdowns. */
export function medianBreakdown(all: readonly Record<Kind, number>[]): Record<Kind, number> {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  return Object.fromEntries(KINDS.map((kind) => [kind, median(all.map((one) => one[kind]))])) as Record<Kind, number>;
}
