import { browser } from 'wxt/browser';
import { createProjectApi } from '@/lib/api/project-api';
import { createUserGroupApi } from '@/lib/api/user-group-api';
import { registerContextMenu } from '@/lib/context-menu/register';
import { createMessageListener } from '@/lib/messaging/router';
import { settleOrphanedRotations } from '@/lib/user-groups/registry-updates';
import { createRegistryWriter } from '@/lib/user-groups/registry-writer';
import { createBulkCreateHandlers, createBulkCreateRunner, onBulkCreateAlarm } from './bulk-create-handlers';
import { connectionHandlers } from './connection-handlers';
import { createImportHandlers } from './import-handlers';
import { noticeHandlers } from './notice-handlers';
import { createProjectHandlers } from './project-handlers';
import { createUserGroupHandlers } from './user-group-handlers';

export default defineBackground(() => {
  // Wire the real fetch into the API clients, then register every listener synchronously so that
  // an event that woke the worker is not missed.
  const fetchFn = (input: string, init: RequestInit) => fetch(input, init);
  const registry = createRegistryWriter();
  const userGroupApi = createUserGroupApi({ fetch: fetchFn });
  const bulkCreate = createBulkCreateRunner(userGroupApi, registry);
  const handlers = {
    ...connectionHandlers,
    ...createProjectHandlers(createProjectApi({ fetch: fetchFn })),
    ...createUserGroupHandlers(userGroupApi, registry),
    ...createImportHandlers(registry),
    ...createBulkCreateHandlers(bulkCreate, registry),
    ...noticeHandlers,
  };
  browser.runtime.onMessage.addListener(
    createMessageListener(handlers, { id: browser.runtime.id, origin: browser.runtime.getURL('/') }),
  );
  // "Register this page / linked page for review": items created on install, clicks open the form.
  registerContextMenu();
  browser.alarms.onAlarm.addListener(onBulkCreateAlarm(bulkCreate));
  // A rotation still `pending` when a worker starts was cut off by the previous worker's end.
  void registry.update((current) => ({ registry: settleOrphanedRotations(current, new Date().toISOString()), result: null }));
  // A bulk create job left running by a stopped worker carries on.
  void bulkCreate.wake();
});
