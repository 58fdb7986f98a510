import { useEffect, useMemo, useState } from 'react';
import { sendMessage } from '@/lib/messaging/client';
import { describeWorkspaceLoss } from '@/lib/messaging/messages/workspace-admin-messages';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import { tokensNotExported } from '@/lib/storage/registry/registry-exports';
import { messageText } from '@/lib/message-ref';

export interface BackupFacts {
  groups: number;
  /** Groups created or given a new token since the last export (all of them when never exported). */
  tokensOnlyHere: number;
  lastExportAt?: string;
}

/**
 * When the registry was last exported, asked of the background once, and again when `exports` (a
 * count of exports made here) goes up; the counts are derived from the page's own mirror of the
 * registry, so a bulk job rewriting it every 100 ms sends no message at all.
 * `now`: when the answer came, for saying how long ago the last export was.
 */
export function useBackupFacts(
  workspaceId: string,
  exports: number,
): { facts?: BackupFacts; problem?: string; now?: number } {
  const groups = useUserGroupStore((state) => state.groups);
  const loaded = useUserGroupStore((state) => state.loaded);
  const [answer, setAnswer] = useState<{ lastExportAt?: string; problem?: string; now?: number }>();
  useEffect(() => {
    let current = true;
    void sendMessage(describeWorkspaceLoss, { workspaceId }).then((result) => {
      if (current)
        setAnswer(
          result.ok
            ? { lastExportAt: result.value.lastExportAt, now: Date.now() }
            : { problem: messageText(result.error.message) },
        );
    });
    return () => {
      current = false;
    };
  }, [workspaceId, exports]);
  const facts = useMemo(
    () =>
      loaded && answer && !answer.problem
        ? {
            groups: groups.length,
            tokensOnlyHere: tokensNotExported(groups, answer.lastExportAt),
            ...(answer.lastExportAt !== undefined && { lastExportAt: answer.lastExportAt }),
          }
        : undefined,
    [loaded, groups, answer],
  );
  return { facts, problem: answer?.problem, now: answer?.now };
}
