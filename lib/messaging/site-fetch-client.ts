import { browser } from 'wxt/browser';
import type { AskDocument } from '../projects/page-list/follow-redirects';
import { SITE_FETCH_PORT, siteFetchAnswerSchema } from './site-fetch-port';

/** One Fetch sitemap's port, seen from the page: ask for documents, then close it (done, failed or cancelled). */
export interface SiteFetchPort {
  ask: AskDocument;
  close: () => void;
}

/**
 * Opens Fetch sitemap's port to the background (./site-fetch-port.ts), once the click's access is
 * granted. Each answer is checked against its schema; a request the port cannot answer any more (the
 * background's time bound, or the worker gone) ends as unreachable. Closing it ends the fetch in the
 * background, which gives the access back.
 */
export function openSiteFetch(): SiteFetchPort {
  const port = browser.runtime.connect({ name: SITE_FETCH_PORT });
  const waiting = new Map<number, (answer: Awaited<ReturnType<AskDocument>>) => void>();
  let lastId = 0;
  let open = true;
  const endAll = () => {
    open = false;
    for (const settle of waiting.values()) settle({ ok: false, problem: 'unreachable' });
    waiting.clear();
  };
  port.onMessage.addListener((posted: unknown) => {
    const answer = siteFetchAnswerSchema.safeParse(posted);
    if (!answer.success) return;
    const { id, document } = answer.data;
    waiting.get(id)?.(document);
    waiting.delete(id);
  });
  port.onDisconnect.addListener(endAll);
  return {
    ask: (url) =>
      new Promise((resolve) => {
        if (!open) return resolve({ ok: false, problem: 'unreachable' });
        const id = (lastId += 1);
        waiting.set(id, resolve);
        port.postMessage({ id, url });
      }),
    close: () => {
      if (open) port.disconnect();
      endAll();
    },
  };
}
