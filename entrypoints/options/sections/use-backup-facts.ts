import { useEffect, useState } from 'react';
import { sendMessage } from '@/lib/messaging/client';
import type { ResponseOfDefinition } from '@/lib/messaging/define-message';
import { describeWorkspaceLoss } from '@/lib/messaging/messages/workspace-admin-messages';
import { useUserGroupStore } from '@/lib/stores/user-group-store';

export type BackupFacts = ResponseOfDefinition<typeof describeWorkspaceLoss>;

/**
 * How many group tokens no export holds, and when the registry was last exported: asked of the
 * background again whenever the registry changes or `exports` (a count of exports made here) goes up.
 */
/** `now`: when the answer came, for saying how long ago the last export was. */
export function useBackupFacts(workspaceId: string, exports: number): { facts?: BackupFacts; problem?: string; now?: number } {
  const groups = useUserGroupStore((state) => state.groups);
  const [answer, setAnswer] = useState<{ facts?: BackupFacts; problem?: string; now?: number }>({});
  useEffect(() => {
    let current = true;
    void sendMessage(describeWorkspaceLoss, { workspaceId }).then((result) => {
      if (current) setAnswer(result.ok ? { facts: result.value, now: Date.now() } : { problem: result.error.message });
    });
    return () => {
      current = false;
    };
  }, [workspaceId, exports, groups]);
  return answer;
}
