import { useState, useSyncExternalStore } from 'react';

/**
 * design.md §11: "a message disappears when the next action starts". Each result an action shows is
 * stamped, when it is first shown, with the action under way: how many actions had started on this page
 * then, and when the last of them started. A later action makes it stale, wherever it was shown, and
 * `useCurrentResult` hides it. Pages that follow actions (`followActions`: the options page) count a
 * click on a button, a form sent and a file chosen as an action; a click inside a message (its Copy
 * token, Show the job) follows up on it and starts nothing.
 */
export interface ActionStamp {
  /** Actions started on this page before the result was first shown. */
  count: number;
  /** When the last of them started (ms since the epoch; 0 before any). */
  startedAt: number;
}

// A store of one value, without a library: the popup shows results too, and its bundle has no zustand.
let actions: ActionStamp = { count: 0, startedAt: 0 };
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener));
const snapshot = () => actions;

export function startAction(now = Date.now()): void {
  actions = { count: actions.count + 1, startedAt: now };
  for (const listener of listeners) listener();
}

/** Results as objects: each is stamped once, the first time it is shown. */
const stamps = new WeakMap<object, ActionStamp>();

/** The action a result belongs to (stamped now if it was never shown). */
export function stampOf(result: object, current: ActionStamp = actions): ActionStamp {
  let stamp = stamps.get(result);
  if (!stamp) stamps.set(result, (stamp = current));
  return stamp;
}

/** The result while it belongs to the action under way; undefined once the next action has started. */
export function useCurrentResult<T extends object>(result: T | undefined): T | undefined {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  return result && stampOf(result, current).count === current.count ? result : undefined;
}

/** A short text an action says ("Copied."), gone once the next action starts: `[text, say]`. */
export function useSaidText(): [string, (text: string) => void] {
  const [said, setSaid] = useState<{ text: string }>();
  return [useCurrentResult(said)?.text ?? '', (text) => setSaid(text ? { text } : undefined)];
}

const STARTERS = 'button, input[type="button"], input[type="submit"], [role="button"], [role="menuitem"]';
const MESSAGES = '[role="status"], [role="alert"]';

/** What an event's target offers here (an element; anything else starts nothing). */
type Target = { closest?: (selector: string) => unknown; tagName?: string; type?: unknown };

/** Whether this event starts an action: what the user clicked, sent or chose, outside a message. */
export function startsAction(event: { type: string; target: EventTarget | null }): boolean {
  const target = event.target as Target | null;
  if (typeof target?.closest !== 'function' || target.closest(MESSAGES)) return false;
  if (event.type === 'submit') return true;
  if (event.type === 'change') return target.tagName === 'INPUT' && target.type === 'file';
  return event.type === 'click' && target.closest(STARTERS) !== null;
}

/**
 * Counts the actions started on a page (before their own handlers run: capture), so that every result
 * shown earlier goes. Returns how to stop.
 */
export function followActions(root: Pick<Document, 'addEventListener' | 'removeEventListener'> = document) {
  const onEvent = (event: Event) => {
    if (startsAction(event)) startAction();
  };
  const types = ['click', 'submit', 'change'] as const;
  for (const type of types) root.addEventListener(type, onEvent, true);
  return () => {
    for (const type of types) root.removeEventListener(type, onEvent, true);
  };
}
