import { browser } from 'wxt/browser';

// Desktop notifications, through the optional `notifications` permission: a page asks for it when the
// user turns on something that notifies (in that click: browsers allow a request only there), the
// background checks it before each notification, and a click on one is routed by the notification's
// id (`<kind>:<rest>`) to whoever registered that kind. Shared by every feature that notifies.

const PERMISSION = { permissions: ['notifications' as const] };

/** In a page's click handler: asks the browser for the permission; true once granted (asked or not). */
export async function requestNotifications(): Promise<boolean> {
  try {
    return await browser.permissions.request(PERMISSION);
  } catch {
    return false;
  }
}

/** Whether notifications may be shown now (granted, and the API is there). Never throws. */
export async function canNotify(): Promise<boolean> {
  try {
    return (await browser.permissions.contains(PERMISSION)) && browser.notifications !== undefined;
  } catch {
    return false;
  }
}

/** The id of a notification of `kind` about `subject`: what a click is routed by. */
export const notificationId = (kind: string, subject: string) => `${kind}:${subject}`;

/** Shows (or replaces: same id) a notification, if allowed; false when it was not shown. */
export async function notify(id: string, content: { title: string; message: string }): Promise<boolean> {
  if (!(await canNotify())) return false;
  try {
    await browser.notifications.create(id, {
      type: 'basic',
      iconUrl: browser.runtime.getURL('/icon/128.png'),
      title: content.title,
      message: content.message,
    });
    return true;
  } catch {
    return false;
  }
}

/** Removes a notification, if shown. */
export async function dismissNotification(id: string): Promise<void> {
  try {
    await browser.notifications?.clear(id);
  } catch {
    // Gone already, or the permission was withdrawn: nothing to remove.
  }
}

/** What a click on a notification of one kind does, given what follows `<kind>:` in its id. */
export type NotificationClick = (subject: string) => Promise<void> | void;

const routes = new Map<string, NotificationClick>();
let listening = false;
let waiting = false;

function onClicked(id: string): void {
  const colon = id.indexOf(':');
  const route = colon > 0 ? routes.get(id.slice(0, colon)) : undefined;
  void Promise.resolve()
    .then(() => route?.(id.slice(colon + 1)))
    .catch(() => undefined)
    .finally(() => void dismissNotification(id));
}

/** The one click listener, once the API is there. */
function listen(): boolean {
  const clicked = browser.notifications?.onClicked;
  if (listening || !clicked) return listening;
  clicked.addListener(onClicked);
  listening = true;
  return true;
}

/**
 * Registers what a click on a notification of `kind` does (call it synchronously at the worker's
 * start, once per kind); the notification then goes. One listener serves every kind; a click on a
 * kind nobody registered only dismisses it. Chrome has no `notifications` namespace until the
 * permission is granted: the listener is then added when it is.
 */
export function onNotificationClick(kind: string, click: NotificationClick): void {
  routes.set(kind, click);
  if (listen() || waiting) return;
  waiting = true;
  browser.permissions.onAdded.addListener(() => void listen());
}
