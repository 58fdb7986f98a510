import { errorResult } from '@/components/action-result';
import { ActionMessage } from '@/components/ActionMessage';
import { SelectField } from '@/components/SelectField';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { createWorkspace } from '@/lib/messaging/messages/workspace-admin-messages';
import { selectWorkspace, showAddedWorkspace, useWorkspaceStore } from '@/lib/stores/workspace-store';
import { workspaceLabel } from '@/lib/workspaces/workspace-label';
import { defaultWorkspaceName } from '@/lib/storage/workspaces/workspace-name';
import { useActiveWorkspace } from '../shared/use-active-workspace';
import { sayWorkspaceMessage, useWorkspaceMessage } from '../shared/workspace-message';
import { messageText } from '@/lib/message-ref';
import { sectionHref } from '@/lib/url/section-routes';
import { AllowAccess } from '../shared/AllowAccess';

/** In the page header: which workspace every section shows, and adding one (named in its connection section). */
export function WorkspaceSwitcher() {
  const workspaces = useWorkspaceStore((state) => state.workspaces);
  const workspace = useActiveWorkspace();
  const message = useWorkspaceMessage((state) => state.message);
  const grant = useWorkspaceMessage((state) => state.grant);

  const switchTo = (id: string) => {
    sayWorkspaceMessage(undefined);
    selectWorkspace(id);
  };

  const add = async () => {
    sayWorkspaceMessage(undefined);
    const created = await sendMessage(createWorkspace, { name: defaultWorkspaceName(workspaces) });
    if (!created.ok) return sayWorkspaceMessage(errorResult(messageText(created.error.message)));
    showAddedWorkspace(created.value);
    // A new workspace is named and connected in one place.
    location.hash = sectionHref('connection');
  };

  return (
    <div className="workspace-switcher">
      <SelectField
        label={t('workspaceSelect')}
        value={workspace.id}
        options={workspaces.map((entry) => ({ value: entry.id, label: workspaceLabel(entry) }))}
        onChange={switchTo}
      />
      <button type="button" onClick={() => void add()}>
        {t('workspaceAdd')}
      </button>
      <ActionMessage result={message}>{grant && <AllowAccess origins={grant} />}</ActionMessage>
    </div>
  );
}
