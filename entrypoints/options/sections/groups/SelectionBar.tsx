import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { downloadFile } from '@/components/download-file';
import { plural, t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { readUserGroupRegistry } from '@/lib/messaging/messages/registry-transfer-messages';
import { exportRegistryJson } from '@/lib/user-groups/export-registry';
import { groupKey } from '@/lib/storage/registry/registry-schema';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { useActiveWorkspace } from '../../shared/use-active-workspace';
import type { Outcome } from './outcome';
import { startSelectionJob, type SelectionOperation } from './start-selection-job';
import { messageText } from '@/lib/message-ref';

interface SelectionBarProps {
  selected: readonly RegistryEntry[];
  onClear: () => void;
  /** The next action starts: the section's last message goes. */
  onStart: () => void;
  onOutcome: (outcome: Outcome) => void;
}

/** What can be done with the selected groups: export them, or rotate or delete them in a background job. */
export function SelectionBar({ selected, onClear, onStart, onOutcome }: SelectionBarProps) {
  const workspace = useActiveWorkspace();
  const [confirming, setConfirming] = useState<SelectionOperation>();
  const [busy, setBusy] = useState(false);
  const count = selected.length;

  /** The selected groups as stored now (read through the background's writer, with the current tokens). */
  const exportSelected = async () => {
    onStart();
    setBusy(true);
    const stored = await sendMessage(readUserGroupRegistry, { workspaceId: workspace.id });
    setBusy(false);
    if (!stored.ok)
      return onOutcome({ kind: 'error', text: t('exportFailed', messageText(stored.error.message)), place: 'list' });
    const keys = new Set(selected.map(groupKey));
    downloadFile(
      exportRegistryJson(
        { groups: stored.value.groups.filter((group) => keys.has(groupKey(group))) },
        new Date(),
        workspace,
      ),
    );
  };

  const start = async (operation: SelectionOperation) => {
    setConfirming(undefined);
    onStart();
    setBusy(true);
    const result = await startSelectionJob(workspace.id, operation, selected);
    setBusy(false);
    if (!result.ok)
      return onOutcome({
        kind: 'error',
        text: t('groupsSelectionNotStarted', messageText(result.error.message)),
        place: 'list',
      });
    onClear();
    onOutcome({ kind: 'success', text: plural('groupsSelectionStarted', result.value.total), place: 'list' });
  };

  if (count === 0) return null;
  const title =
    confirming === 'rotate' ? plural('groupsRotateSelectedTitle', count) : plural('groupsDeleteSelectedTitle', count);
  return (
    <div className="selection-bar actions" role="group" aria-label={plural('groupsSelectedCount', count)}>
      <strong>{plural('groupsSelectedCount', count)}</strong>
      <button type="button" disabled={busy} onClick={() => void exportSelected()}>
        {t('groupsExportSelected')}
      </button>
      <button type="button" disabled={busy} onClick={() => setConfirming('rotate')}>
        {t('groupsRotateSelected')}
      </button>
      <button type="button" className="danger" disabled={busy} onClick={() => setConfirming('delete')}>
        {t('groupsDeleteSelected')}
      </button>
      <button type="button" className="link" onClick={onClear}>
        {t('groupsClearSelection')}
      </button>
      {confirming && (
        <ConfirmDialog
          title={title}
          confirmLabel={title}
          onConfirm={() => void start(confirming)}
          onCancel={() => setConfirming(undefined)}
        >
          {confirming === 'rotate' ? t('groupsRotateSelectedBody') : t('groupsDeleteSelectedBody')}
        </ConfirmDialog>
      )}
    </div>
  );
}
