import { browser } from 'wxt/browser';
import { createProjectApi } from '@/lib/api/project-api';
import { createMessageListener } from '@/lib/messaging/router';
import { connectionHandlers } from './connection-handlers';
import { createProjectHandlers } from './project-handlers';

export default defineBackground(() => {
  // Wire the real fetch into the API clients, then register every listener synchronously so that
  // an event that woke the worker is not missed.
  const projectApi = createProjectApi({ fetch: (input, init) => fetch(input, init) });
  const handlers = { ...connectionHandlers, ...createProjectHandlers(projectApi) };
  browser.runtime.onMessage.addListener(
    createMessageListener(handlers, { id: browser.runtime.id, origin: browser.runtime.getURL('/') }),
  );
});
