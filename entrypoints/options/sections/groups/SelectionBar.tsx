import { useState } from 'react';
import { plural, t } from '@/lib/i18n';
import { groupKey } from '@/lib/storage/registry/registry-schema';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { exportGroups, TokensInClearNote } from '../../shared/RegistryExport';
import { unlockAndRetry } from '../../shared/unlock-in-place';
import { useActiveWorkspace } from '../../shared/use-active-workspace';
import { MassActionDialog } from './MassActionDialog';
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
    const problem = await exportGroups(workspace, new Set(selected.map(groupKey)), t('groupsExportSelected'));
    setBusy(false);
    if (problem) onOutcome({ kind: 'error', text: problem, place: 'list' });
  };

  const start = async (operation: SelectionOperation) => {
    setConfirming(undefined);
    onStart();
    setBusy(true);
    const action = operation === 'rotate' ? t('groupsRotateSelected') : t('groupsDeleteSelected');
    const result = await unlockAndRetry(action, () => startSelectionJob(workspace.id, operation, selected));
    setBusy(false);
    if (!result.ok)
      return onOutcome({
        kind: 'error',
        text: t('groupsSelectionNotStarted', messageText(result.error.message)),
        place: 'list',
      });
    onClear();
    onOutcome({
      kind: 'success',
      text: plural('groupsSelectionStarted', result.value.total),
      place: 'list',
      jobStarted: true,
    });
  };

  if (count === 0) return null;
  return (
    <div className="selection-bar actions" role="group" aria-label={plural('groupsSelectedCount', count)}>
      <TokensInClearNote selection />
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
        <MassActionDialog
          operation={confirming}
          selected={selected}
          workspace={workspace}
          onConfirm={() => void start(confirming)}
          onCancel={() => setConfirming(undefined)}
        />
      )}
    </div>
  );
}
