import { useCallback } from 'react';
import { create } from 'zustand';

type Update = string | ((current: string) => string);

const useDrafts = create<{ drafts: Readonly<Record<string, string>> }>(() => ({ drafts: {} }));

/**
 * The addresses put into **Page addresses** and not sent yet, per workspace, while the page is open:
 * leaving the section (the locked banner's Unlock, a look at the history) and coming back finds them as
 * they were (issue 41). Held in the page's memory only, like any field's value.
 */
export function useRegisterDraft(workspaceId: string): [string, (update: Update) => void] {
  const text = useDrafts((state) => state.drafts[workspaceId] ?? '');
  const set = useCallback(
    (update: Update) =>
      useDrafts.setState(({ drafts }) => {
        const current = drafts[workspaceId] ?? '';
        return { drafts: { ...drafts, [workspaceId]: typeof update === 'function' ? update(current) : update } };
      }),
    [workspaceId],
  );
  return [text, set];
}
