import { connectionStatusSchema } from '../../connection/connection-status';
import { defineWorkspaceMessage } from '../define-message';
import { workspaceOnlySchema } from './shared-schemas';

// The popup's connection message; the options page's (save, forget) are in connection-admin-messages.ts,
// so that the popup's bundle carries only this one.

export const getConnectionStatus = defineWorkspaceMessage({
  name: 'getConnectionStatus',
  request: () => workspaceOnlySchema,
  response: () => connectionStatusSchema,
  allowTab: true,
  readsOnly: true,
});
