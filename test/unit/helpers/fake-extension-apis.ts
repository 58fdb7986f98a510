import { vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';

type Listener<A extends unknown[]> = (...args: A) => unknown;

/** An event like the fake browser's own: listeners, and `trigger` to fire it in a test. */
export function fakeEvent<A extends unknown[]>() {
  const listeners: Listener<A>[] = [];
  return {
    addListener: (listener: Listener<A>) => void listeners.push(listener),
    removeListener: (listener: Listener<A>) => void listeners.splice(listeners.indexOf(listener), 1),
    hasListener: (listener: Listener<A>) => listeners.includes(listener),
    hasListeners: () => listeners.length > 0,
    trigger: (...args: A) => Promise.all(listeners.map((listener) => listener(...args))),
  };
}

type CreateProperties = Browser.contextMenus.CreateProperties;
type OnClickData = Browser.contextMenus.OnClickData & { linkText?: string };

/**
 * The fake browser leaves contextMenus unimplemented: an in-memory one with Chrome's rules (a second
 * item with the same id is an error reported through runtime.lastError in the callback).
 */
export function installFakeContextMenus() {
  const items = new Map<string | number, CreateProperties>();
  const onClicked = fakeEvent<[OnClickData, Browser.tabs.Tab | undefined]>();
  const runtime = fakeBrowser.runtime as { lastError?: { message?: string } };
  const create = vi.fn((properties: CreateProperties, callback?: () => void) => {
    const id = properties.id ?? items.size + 1;
    if (items.has(id)) runtime.lastError = { message: `Cannot create item with duplicate id ${id}` };
    else items.set(id, properties);
    callback?.();
    runtime.lastError = undefined;
    return id;
  });
  const removeAll = vi.fn(() => {
    items.clear();
    return Promise.resolve();
  });
  Object.assign(fakeBrowser.contextMenus, { create, removeAll, onClicked });
  return { items, onClicked, create, removeAll };
}

/** action.openPopup / setPopup are unimplemented too: give them the behaviour a test needs. */
export function installFakeAction(openPopup: (options?: { windowId?: number }) => Promise<void>) {
  const popups = new Map<number, string>();
  const fakes = {
    openPopup: vi.fn(openPopup),
    setPopup: vi.fn((details: { tabId?: number; popup: string }) => {
      if (details.tabId !== undefined) popups.set(details.tabId, details.popup);
      return Promise.resolve();
    }),
  };
  Object.assign(fakeBrowser.action, fakes);
  return { ...fakes, popups };
}

/** A browser without action.openPopup (older Chrome, some forks). */
export function removeOpenPopup() {
  Object.assign(fakeBrowser.action, { openPopup: undefined });
}
