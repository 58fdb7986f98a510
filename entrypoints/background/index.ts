import { browser } from 'wxt/browser';
import { createProjectApi } from '@/lib/api/project-api';
import { createUserGroupApi } from '@/lib/api/user-group-api';
import { readManagedArea, watchManagedArea } from '@/lib/storage/managed-area';
import { registerContextMenu } from '@/lib/context-menu/register';
import { createMessageListener, createPortListener } from '@/lib/messaging/router';
import { SITE_FETCH_PORT } from '@/lib/messaging/site-fetch-port';
import { serveSiteFetch } from '@/lib/messaging/site-fetch-server';
import { createFetchGrants } from '@/lib/projects/page-list/fetch-grants';
import { createBackground } from './background';
import { rewriteCompanion } from '@/lib/storage/area-write';
import {
  BULK_CREATE_ALARM_PREFIX,
  bulkAlarmFor,
  LEGACY_BULK_CREATE_ALARM,
  REGISTER_PAGES_ALARM_PREFIX,
  registerAlarmFor,
} from './bulk-alarm';
import { CLIPBOARD_ALARM_PREFIX, onClipboardAlarm } from './clipboard-clearing';
import { openStartPageOnInstall } from './first-run';
import { registerJobBadge } from './job-badge';
import { registerJobNotifications } from './job-notifications';
import { registerPageStatus } from './page-status';
import { watchIdle } from './lock-idle';
import { createTokenReminders, TOKEN_REMINDER_ALARM } from './token-reminders';
import { giveBackTabsAfterGrants } from '@/lib/tabs/lent-tabs-permission';

export default defineBackground(() => {
  // Wire the real fetch into the API clients, then register every listener synchronously so that
  // an event that woke the worker is not missed. The upgrade to workspaces starts here, before any
  // read: every handler waits for it (lib/workspaces/workspace-index-store.ts).
  const fetchFn = (input: string, init: RequestInit) => fetch(input, init);
  const { routes, index, workspaces, applyPolicy, lock } = createBackground(
    {
      projectApi: createProjectApi({ fetch: fetchFn }),
      userGroupApi: createUserGroupApi({ fetch: fetchFn }),
      bulkAlarm: bulkAlarmFor,
      registerAlarm: registerAlarmFor,
    },
    // The organisation policy, where the browser has a managed storage area (readPolicy reads none as no policy).
    readManagedArea,
  );
  const self = { id: browser.runtime.id, origin: browser.runtime.getURL('/') };
  browser.runtime.onMessage.addListener(createMessageListener(routes, self));
  // The port a page keeps open for its messages (the popup's Create project): routed the same way.
  // Fetch sitemap's port: the worker fetches on that site only and owns the access its click added
  // (the grants listen to permissions.onAdded from the start, so no grant is missed).
  const servePort = createPortListener(routes, self);
  const grants = createFetchGrants();
  browser.runtime.onConnect.addListener((port) =>
    port.name === SITE_FETCH_PORT ? serveSiteFetch(port, self, { fetch: fetchFn, grants }) : servePort(port),
  );
  // "Register this page / linked page for review": items created on install, clicks open the form
  // (the popup, which acts in the last used workspace).
  registerContextMenu();
  openStartPageOnInstall();
  // The toolbar badge follows a running job ("12/60") and clears when it ends; with none, the tokens due.
  const badge = registerJobBadge();
  // Tokens due for rotation (design.md §13): a daily alarm, the badge, a notification a click opens.
  const reminders = createTokenReminders({ index, workspaces, badge });
  reminders.register();
  afterStartUp(() => void reminders.restore());
  // A job that ends while no options page shows it: a notification, when asked for (design.md §12).
  registerJobNotifications(index);
  // Chrome: a mark on the toolbar icon on pages registered in the last used workspace (design.md §12).
  registerPageStatus(index);
  // `tabs` (Register N selected tabs) is lent, never kept: given back after a grant even if the popup closed.
  giveBackTabsAfterGrants();
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === TOKEN_REMINDER_ALARM) void reminders.onAlarm();
    else if (alarm.name.startsWith(BULK_CREATE_ALARM_PREFIX))
      void workspaces.onBulkAlarm(alarm.name.slice(BULK_CREATE_ALARM_PREFIX.length));
    else if (alarm.name.startsWith(REGISTER_PAGES_ALARM_PREFIX))
      void workspaces.onRegisterAlarm(alarm.name.slice(REGISTER_PAGES_ALARM_PREFIX.length));
    // Firefox: a token copied with Copy token is cleared from the clipboard (clipboard-clearing.ts).
    else if (import.meta.env.FIREFOX && alarm.name.startsWith(CLIPBOARD_ALARM_PREFIX))
      void onClipboardAlarm(alarm.name);
    // The single job's alarm of versions before workspaces: the job now has its workspace's alarm.
    else if (alarm.name === LEGACY_BULK_CREATE_ALARM) void browser.alarms.clear(LEGACY_BULK_CREATE_ALARM);
  });
  // The organisation policy (design.md §9): read at every start, and again when Chrome reports a change.
  watchManagedArea(() => void applyPolicy());
  void applyPolicy();
  // The passphrase lock closes after the chosen idle time (design.md §10).
  watchIdle(lock);
  // A bulk create job left running by a stopped worker carries on, whichever workspace it belongs to.
  afterStartUp(() => void workspaces.wakeBulkJobs());
  // The popup's stored view, when none is stored yet, it is of an older format (an update) or behind.
  afterStartUp(() => void rewriteCompanion('local'));
});

/**
 * Start-up work that no event waits for, a moment after the worker started: most popups find the
 * worker stopped, and their first answer (getPopupView) would otherwise queue behind these storage
 * reads. Listeners are still all registered synchronously above; an alarm or a message still acts
 * at once. Measured in docs/performance.md ("The popup on a stopped worker").
 */
const START_UP_WORK_DELAY_MS = 250;
function afterStartUp(work: () => void): void {
  setTimeout(work, START_UP_WORK_DELAY_MS);
}
