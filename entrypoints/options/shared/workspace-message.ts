import { create } from 'zustand';
import type { ActionResult } from '@/components/action-result';

/**
 * The outcome of adding, deleting or clearing a workspace. Shown in the page header, beside the
 * workspace switcher: the sections of the workspace it is about are gone or started afresh.
 */
export const useWorkspaceMessage = create<{ message?: ActionResult }>(() => ({}));

export const sayWorkspaceMessage = (message?: ActionResult) => useWorkspaceMessage.setState({ message });
