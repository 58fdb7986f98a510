import { useId, useState } from 'react';
import { errorResult, successResult, type ActionResult } from '@/components/action-result';
import { ActionMessage } from '@/components/ActionMessage';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { TextField } from '@/components/TextField';
import { plural, t } from '@/lib/i18n';
import { groupKey, type RegistryEntry } from '@/lib/storage/registry/registry-schema';
import type { Workspace } from '@/lib/storage/workspaces/workspace-index-schema';
import { exportGroups, TokensInClearNote } from '../../shared/RegistryExport';
import type { SelectionOperation } from './start-selection-job';
import { TYPED_CONFIRMATION_ABOVE, typedConfirms } from './typed-confirmation';

interface MassActionDialogProps {
  operation: SelectionOperation;
  selected: readonly RegistryEntry[];
  workspace: Workspace;
  /** What happens to these groups, when they are not a selection (Rotate due tokens). */
  body?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Rotate or delete the selected groups (design.md §14, after the Delete workspace dialog): names the
 * workspace and what is lost, offers Export JSON of those groups first (their tokens exist only here),
 * and above ten groups asks to type their number, or the workspace's name, before the button works.
 */
export function MassActionDialog({ operation, selected, workspace, body, onConfirm, onCancel }: MassActionDialogProps) {
  const count = selected.length;
  const [typed, setTyped] = useState('');
  const [exported, setExported] = useState<ActionResult>();
  const [busy, setBusy] = useState(false);
  const hintId = useId();
  const typedNeeded = count > TYPED_CONFIRMATION_ABOVE;
  const confirmed = !typedNeeded || typedConfirms(typed, count, workspace.name);
  const rotate = operation === 'rotate';
  const action = rotate ? plural('groupsRotateSelectedTitle', count) : plural('groupsDeleteSelectedTitle', count);

  const exportFirst = async () => {
    setExported(undefined);
    setBusy(true);
    const problem = await exportGroups(workspace, new Set(selected.map(groupKey)), t('importExportJson'));
    setBusy(false);
    setExported(problem ? errorResult(problem) : successResult(plural('groupsMassExported', count)));
  };

  return (
    <ConfirmDialog
      title={
        rotate
          ? plural('groupsRotateSelectedHeading', count, workspace.name)
          : plural('groupsDeleteSelectedHeading', count, workspace.name)
      }
      confirmLabel={action}
      onConfirm={onConfirm}
      onCancel={onCancel}
      confirmDisabled={!confirmed}
      confirmHintId={hintId}
    >
      <p>{body ?? (rotate ? t('groupsRotateSelectedBody') : t('groupsDeleteSelectedBody'))}</p>
      <TokensInClearNote selection />
      <p>
        {t('groupsMassExportFirst')}{' '}
        <button type="button" disabled={busy} aria-busy={busy} onClick={() => void exportFirst()}>
          {t('importExportJson')}
        </button>
      </p>
      <ActionMessage result={exported} />
      {typedNeeded && (
        <>
          <TextField
            label={t('groupsMassTypeLabel', String(count), workspace.name)}
            value={typed}
            onChange={setTyped}
            autoComplete="off"
            spellCheck={false}
          />
          {!confirmed && (
            <p id={hintId} className="hint">
              {t('groupsMassTypeHint', action)}
            </p>
          )}
        </>
      )}
    </ConfirmDialog>
  );
}
