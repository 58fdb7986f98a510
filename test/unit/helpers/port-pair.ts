import { vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import type { MessageSender } from '@/lib/messaging/sender-guard';

type Listener = (message: unknown) => void;

/** Two ends of one port, as the browser links them: what one posts, the other receives (a task later). */
export function portPair(name: string, sender?: MessageSender) {
  const make = () => {
    const messages = new Set<Listener>();
    const disconnects = new Set<() => void>();
    return {
      name,
      messages,
      disconnects,
      onMessage: { addListener: (listener: Listener) => messages.add(listener) },
      onDisconnect: { addListener: (listener: () => void) => disconnects.add(listener) },
      connected: true,
    };
  };
  const page = make();
  const background = { ...make(), sender };
  const link = (from: typeof page, to: typeof page) =>
    Object.assign(from, {
      postMessage: vi.fn((message: unknown) => {
        if (!from.connected) throw new Error('Attempting to use a disconnected port object');
        const copy: unknown = JSON.parse(JSON.stringify(message));
        setTimeout(() => to.messages.forEach((listener) => listener(copy)), 0);
      }),
      disconnect: vi.fn(() => {
        from.connected = to.connected = false;
        setTimeout(() => to.disconnects.forEach((listener) => listener()), 0);
      }),
    });
  return {
    page: link(page, background) as unknown as Browser.runtime.Port & { postMessage: ReturnType<typeof vi.fn> },
    background: link(background, page) as unknown as Browser.runtime.Port,
    /** The browser closes the port (the background stopped). */
    close: () => {
      page.connected = background.connected = false;
      page.disconnects.forEach((listener) => listener());
    },
  };
}
