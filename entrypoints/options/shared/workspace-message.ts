import { create } from 'zustand';
import type { ActionResult } from '@/components/action-result';

/**
 * The outcome of adding, deleting or clearing a workspace. Shown in the page header, beside the
 * workspace switcher: the sections of the workspace it is about are gone or started afresh.
 */
export const useWorkspaceMessage = create<{ message?: ActionResult; grant?: string[] }>(() => ({}));

/**
 * `grant`: host permission patterns the workspace still needs, which the message offers to ask for
 * (a setup file's addresses, once its passphrase has authenticated them).
 */
export const sayWorkspaceMessage = (message?: ActionResult, grant?: string[]) =>
  useWorkspaceMessage.setState({ message, grant: grant && grant.length > 0 ? grant : undefined });
