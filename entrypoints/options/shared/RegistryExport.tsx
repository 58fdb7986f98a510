import { useState } from 'react';
import { errorResult, type ActionResult } from '@/components/action-result';
import { downloadFile } from '@/components/download-file';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { readUserGroupRegistry } from '@/lib/messaging/messages/registry-transfer-messages';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import { exportRegistryCsv, exportRegistryJson } from '@/lib/user-groups/export-registry';
import type { Workspace } from '@/lib/storage/workspaces/workspace-index-schema';
import { useActiveWorkspace } from './use-active-workspace';
import { messageText } from '@/lib/message-ref';

/**
 * Downloads a workspace's registry as stored at the click, read through the background's writer: never
 * the page's mirror, which is published at most every 100 ms and can still hold a token just replaced.
 * The background notes the time, so that deleting the workspace can say which tokens no export holds.
 */
export async function exportRegistry(workspace: Workspace, kind: 'json' | 'csv'): Promise<string | undefined> {
  const stored = await sendMessage(readUserGroupRegistry, { workspaceId: workspace.id, forExport: true });
  if (!stored.ok) return t('exportFailed', messageText(stored.error.message));
  const at = new Date();
  downloadFile(
    kind === 'json' ? exportRegistryJson(stored.value, at, workspace) : exportRegistryCsv(stored.value, at, workspace),
  );
  return undefined;
}

export function RegistryExport({ onOutcome }: { onOutcome: (outcome: ActionResult) => void }) {
  const workspace = useActiveWorkspace();
  const loaded = useUserGroupStore((state) => state.loaded);
  const [busy, setBusy] = useState(false);

  const exportAs = async (kind: 'json' | 'csv') => {
    setBusy(true);
    const problem = await exportRegistry(workspace, kind);
    setBusy(false);
    if (problem) onOutcome(errorResult(problem));
  };

  return (
    <div className="actions">
      <button type="button" disabled={!loaded || busy} onClick={() => void exportAs('json')}>
        {t('importExportJson')}
      </button>
      <button type="button" disabled={!loaded || busy} onClick={() => void exportAs('csv')}>
        {t('importExportCsv')}
      </button>
    </div>
  );
}
