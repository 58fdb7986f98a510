import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fakeEvent } from '../helpers/fake-extension-apis';

/**
 * The fake browser has no permissions.onAdded / onRemoved; the background listens to both (a grant or
 * a revoke changes what it may reach). Assigned, not spied: `restoreMocks` must not take them away.
 */
export const permissionEvents = { onAdded: fakeEvent<[unknown]>(), onRemoved: fakeEvent<[unknown]>() };
Object.assign(fakeBrowser.permissions, permissionEvents);
