import { useState } from 'react';
import { Alert, StatusMessage } from '@/components/Alert';
import { SelectField } from '@/components/SelectField';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { clearWorkspace, createWorkspace, deleteWorkspace } from '@/lib/messaging/messages/workspace-admin-messages';
import { reloadWorkspace, selectWorkspace, showAddedWorkspace, useWorkspaceStore } from '@/lib/stores/workspace-store';
import { isLocked, isManaged } from '@/lib/workspaces/managed-workspaces';
import { workspaceLabel } from '@/lib/workspaces/workspace-label';
import { defaultWorkspaceName } from '@/lib/workspaces/workspace-name';
import { ExportSetupButton } from '../setup-file/ExportSetupButton';
import { ImportSetup } from '../setup-file/ImportSetup';
import { DeleteWorkspaceDialog } from './DeleteWorkspaceDialog';
import { useActiveWorkspace } from './use-active-workspace';
import { WorkspaceNameField } from './WorkspaceNameField';

type Message = { kind: 'success' | 'error'; text: string };

/** Which workspace the page shows (and edits), its name, and adding, deleting or clearing one. */
export function WorkspaceBar() {
  const workspaces = useWorkspaceStore((state) => state.workspaces);
  const workspace = useActiveWorkspace();
  const [justAdded, setJustAdded] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const [message, setMessage] = useState<Message>();
  const lastOne = workspaces.length === 1;
  const managed = isManaged(workspace);

  const switchTo = (id: string) => {
    setMessage(undefined);
    selectWorkspace(id);
  };

  const add = async () => {
    setMessage(undefined);
    const created = await sendMessage(createWorkspace, { name: defaultWorkspaceName(workspaces) });
    if (!created.ok) return setMessage({ kind: 'error', text: created.error.message });
    setJustAdded(created.value.id);
    showAddedWorkspace(created.value);
  };

  const remove = async () => {
    setDeleting(false);
    const { id, name } = workspace;
    const result = lastOne ? await sendMessage(clearWorkspace, { id }) : await sendMessage(deleteWorkspace, { id });
    if (!result.ok) return setMessage({ kind: 'error', text: result.error.message });
    if (lastOne) reloadWorkspace();
    setMessage({ kind: 'success', text: t(lastOne ? 'workspaceCleared' : 'workspaceDeleted', name) });
  };

  return (
    <section aria-labelledby="workspace-heading" className="workspace-bar">
      <h2 id="workspace-heading">{t('workspaceHeading')}</h2>
      <div className="row-fields">
        <SelectField label={t('workspaceSelect')} value={workspace.id} options={workspaces.map((entry) => ({ value: entry.id, label: workspaceLabel(entry) }))} onChange={switchTo} />
        <WorkspaceNameField key={workspace.id} workspace={workspace} workspaces={workspaces} focusOnMount={justAdded === workspace.id} />
      </div>
      <div className="actions">
        <button type="button" onClick={() => void add()}>
          {t('workspaceAdd')}
        </button>
        <button type="button" className="danger" disabled={managed} aria-describedby={managed ? 'workspace-managed' : undefined} onClick={() => (setMessage(undefined), setDeleting(true))}>
          {lastOne ? t('workspaceClear') : t('workspaceDelete')}
        </button>
        <ExportSetupButton key={workspace.id} workspace={workspace} />
      </div>
      <ImportSetup />
      {managed && (
        <p id="workspace-managed" className="hint">
          {t('workspaceManaged')}
          {isLocked(workspace) && ` ${t('workspaceLockedNote')}`}
        </p>
      )}
      {message?.kind === 'error' && <Alert>{message.text}</Alert>}
      {message?.kind === 'success' && <StatusMessage>{message.text}</StatusMessage>}
      {deleting && <DeleteWorkspaceDialog workspace={workspace} clearOnly={lastOne} onConfirm={() => void remove()} onCancel={() => setDeleting(false)} />}
    </section>
  );
}
