import { useState } from 'react';
import { errorResult, type ActionResult } from '@/components/action-result';
import { downloadFile } from '@/components/download-file';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { readUserGroupRegistry } from '@/lib/messaging/messages/registry-transfer-messages';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import { exportRegistryCsv, exportRegistryJson } from '@/lib/user-groups/transfer/export-registry';
import { groupKey } from '@/lib/storage/registry/registry-schema';
import type { Workspace } from '@/lib/storage/workspaces/workspace-index-schema';
import { useActiveWorkspace } from './use-active-workspace';
import { messageText } from '@/lib/message-ref';
import { unlockAndRetry } from './unlock-in-place';

/**
 * The registry as stored now, read through the background's writer (never the page's mirror, which is
 * published at most every 100 ms and can still hold a token just replaced), with its tokens: while the
 * passphrase lock is closed the background answers LOCKED, and the user is offered to unlock in place
 * (`action` names the button that asked). `whole`: an export of the whole registry, whose time the
 * background notes. The words of the problem otherwise.
 */
async function readForExport(workspace: Workspace, action: string, whole: boolean) {
  const stored = await unlockAndRetry(action, () =>
    // Only an export of the whole registry counts as one (a part of it leaves other tokens unexported).
    sendMessage(readUserGroupRegistry, { workspaceId: workspace.id, forExport: whole }),
  );
  return stored.ok
    ? { groups: stored.value.groups }
    : { problem: t('exportFailed', messageText(stored.error.message)) };
}

/**
 * Downloads a workspace's registry as stored at the click. The background notes the time, so that
 * deleting the workspace can say which tokens no export holds. Answers the problem, if any.
 */
export async function exportRegistry(workspace: Workspace, kind: 'json' | 'csv'): Promise<string | undefined> {
  const stored = await readForExport(workspace, kind === 'json' ? t('importExportJson') : t('importExportCsv'), true);
  if ('problem' in stored) return stored.problem;
  const at = new Date();
  downloadFile(kind === 'json' ? exportRegistryJson(stored, at, workspace) : exportRegistryCsv(stored, at, workspace));
  return undefined;
}

/** Downloads the chosen groups (by key) as a JSON backup, as stored at the click; answers the problem, if any. */
export async function exportGroups(
  workspace: Workspace,
  keys: ReadonlySet<string>,
  action: string,
): Promise<string | undefined> {
  const stored = await readForExport(workspace, action, false);
  if ('problem' in stored) return stored.problem;
  downloadFile(
    exportRegistryJson({ groups: stored.groups.filter((group) => keys.has(groupKey(group))) }, new Date(), workspace),
  );
  return undefined;
}

/**
 * The line above buttons that download tokens in clear (the whole registry, or `selection`: the groups
 * chosen), as the rotation results' buttons say it; the files' names say SECRET too (export-registry.ts).
 */
export function TokensInClearNote({ selection = false }: { selection?: boolean }) {
  return <p className="hint">{t(selection ? 'exportSelectedHoldsTokens' : 'exportHoldsTokens')}</p>;
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
    <>
      <TokensInClearNote />
      <div className="actions">
        <button type="button" disabled={!loaded || busy} onClick={() => void exportAs('json')}>
          {t('importExportJson')}
        </button>
        <button type="button" disabled={!loaded || busy} onClick={() => void exportAs('csv')}>
          {t('importExportCsv')}
        </button>
      </div>
    </>
  );
}
