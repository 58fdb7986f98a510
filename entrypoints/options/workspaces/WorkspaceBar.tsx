import { useState } from 'react';
import { Alert, StatusMessage } from '@/components/Alert';
import { SelectField } from '@/components/SelectField';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { clearWorkspace, createWorkspace, deleteWorkspace } from '@/lib/messaging/messages/workspace-admin-messages';
import { reloadWorkspace, selectWorkspace, showAddedWorkspace, useWorkspaceStore } from '@/lib/stores/workspace-store';
import { defaultWorkspaceName } from '@/lib/workspaces/workspace-name';
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
        <SelectField label={t('workspaceSelect')} value={workspace.id} options={workspaces.map(({ id, name }) => ({ value: id, label: name }))} onChange={switchTo} />
        <WorkspaceNameField key={workspace.id} workspace={workspace} workspaces={workspaces} focusOnMount={justAdded === workspace.id} />
      </div>
      <div className="actions">
        <button type="button" onClick={() => void add()}>
          {t('workspaceAdd')}
        </button>
        <button type="button" className="danger" onClick={() => (setMessage(undefined), setDeleting(true))}>
          {lastOne ? t('workspaceClear') : t('workspaceDelete')}
        </button>
      </div>
      {message?.kind === 'error' && <Alert>{message.text}</Alert>}
      {message?.kind === 'success' && <StatusMessage>{message.text}</StatusMessage>}
      {deleting && <DeleteWorkspaceDialog workspace={workspace} clearOnly={lastOne} onConfirm={() => void remove()} onCancel={() => setDeleting(false)} />}
    </section>
  );
}
