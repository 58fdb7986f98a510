import { create } from 'zustand';

export type WorkspaceMessage = { kind: 'success' | 'error'; text: string };

/**
 * The outcome of adding, deleting or clearing a workspace. Shown in the page header, beside the
 * workspace switcher: the sections of the workspace it is about are gone or started afresh.
 */
export const useWorkspaceMessage = create<{ message?: WorkspaceMessage }>(() => ({}));

export const sayWorkspaceMessage = (message?: WorkspaceMessage) => useWorkspaceMessage.setState({ message });
