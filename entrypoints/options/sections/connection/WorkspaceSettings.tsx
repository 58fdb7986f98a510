import { useState } from 'react';
import { errorResult, successResult } from '@/components/action-result';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { clearWorkspace, deleteWorkspace } from '@/lib/messaging/messages/workspace-admin-messages';
import { reloadWorkspace, useWorkspaceStore } from '@/lib/stores/workspace-store';
import { isLocked, isManaged } from '@/lib/workspaces/managed-workspaces';
import { DeleteWorkspaceDialog } from './DeleteWorkspaceDialog';
import { useActiveWorkspace } from '../../shared/use-active-workspace';
import { sayWorkspaceMessage } from '../../shared/workspace-message';
import { WorkspaceNameField } from './WorkspaceNameField';
import { messageText } from '@/lib/message-ref';

/** The shown workspace's name, whether an organisation manages it, and deleting (or, the last one, clearing) it. */
export function WorkspaceSettings() {
  const workspaces = useWorkspaceStore((state) => state.workspaces);
  const justAddedId = useWorkspaceStore((state) => state.justAddedId);
  const workspace = useActiveWorkspace();
  const [deleting, setDeleting] = useState(false);
  const lastOne = workspaces.length === 1;
  const managed = isManaged(workspace);

  const remove = async ({ keepActivity }: { keepActivity: boolean }) => {
    setDeleting(false);
    const { id, name } = workspace;
    const result = await sendMessage(lastOne ? clearWorkspace : deleteWorkspace, { workspaceId: id, keepActivity });
    if (!result.ok) return sayWorkspaceMessage(errorResult(messageText(result.error.message)));
    if (lastOne) reloadWorkspace();
    sayWorkspaceMessage(successResult(t(lastOne ? 'workspaceCleared' : 'workspaceDeleted', name)));
  };

  return (
    <div role="group" aria-labelledby="workspace-heading" className="workspace-settings">
      <h3 id="workspace-heading">{t('workspaceSettingsHeading')}</h3>
      <div className="row-fields">
        <WorkspaceNameField
          key={workspace.id}
          workspace={workspace}
          workspaces={workspaces}
          focusOnMount={justAddedId === workspace.id}
        />
        <button
          type="button"
          className="danger align-field"
          disabled={managed}
          aria-describedby={managed ? 'workspace-managed' : undefined}
          onClick={() => (sayWorkspaceMessage(undefined), setDeleting(true))}
        >
          {lastOne ? t('workspaceClear') : t('workspaceDelete')}
        </button>
      </div>
      {managed && (
        <p id="workspace-managed" className="hint">
          {t('workspaceManaged')}
          {isLocked(workspace) && ` ${t('workspaceLockedNote')}`}
        </p>
      )}
      {deleting && (
        <DeleteWorkspaceDialog
          workspace={workspace}
          clearOnly={lastOne}
          onConfirm={(choice) => void remove(choice)}
          onCancel={() => setDeleting(false)}
        />
      )}
    </div>
  );
}
