/**
 * A page may keep one port open to the background for its messages (`keepMessagePortOpen` in
 * ./client.ts): each message is then one `postMessage` each way on a channel opened once, where
 * `runtime.sendMessage` opens and closes a channel per message (about 1 ms more per round trip in
 * Chromium). The background routes what arrives on it exactly as a sent message (./router.ts
 * `createPortListener`): the same sender checks on the port's sender, the same schemas.
 */
export const MESSAGE_PORT_NAME = 'review-companion-messages';

/** What a page posts: its message (the envelope sendMessage sends) under an id of its choosing. */
export interface PortRequest {
  id: number;
  message: unknown;
}

/** What the background posts back: the answer to the request with that id. */
export interface PortAnswer {
  id: number;
  answer: unknown;
}
