import { create } from 'zustand';

/**
 * How much of the window's bottom the job panel covers (0 without one): the page leaves that much room
 * below its content, and the user group list scrolls a row it brings into view above it.
 */
export const useJobPanelHeight = create<{ height: number }>(() => ({ height: 0 }));
