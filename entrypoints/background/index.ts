import { browser } from 'wxt/browser';
import { createProjectApi } from '@/lib/api/project-api';
import { createUserGroupApi } from '@/lib/api/user-group-api';
import { createMessageListener } from '@/lib/messaging/router';
import { settleOrphanedRotations } from '@/lib/user-groups/registry-updates';
import { createRegistryWriter } from '@/lib/user-groups/registry-writer';
import { connectionHandlers } from './connection-handlers';
import { createProjectHandlers } from './project-handlers';
import { createUserGroupHandlers } from './user-group-handlers';

export default defineBackground(() => {
  // Wire the real fetch into the API clients, then register every listener synchronously so that
  // an event that woke the worker is not missed.
  const fetchFn = (input: string, init: RequestInit) => fetch(input, init);
  const registry = createRegistryWriter();
  const handlers = {
    ...connectionHandlers,
    ...createProjectHandlers(createProjectApi({ fetch: fetchFn })),
    ...createUserGroupHandlers(createUserGroupApi({ fetch: fetchFn }), registry),
  };
  browser.runtime.onMessage.addListener(
    createMessageListener(handlers, { id: browser.runtime.id, origin: browser.runtime.getURL('/') }),
  );
  // A rotation still `pending` when a worker starts was cut off by the previous worker's end.
  void registry.update((current) => ({ registry: settleOrphanedRotations(current, new Date().toISOString()), result: null }));
});
