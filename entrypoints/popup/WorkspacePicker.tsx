import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { useWorkspace } from '@/lib/messaging/messages/workspace-messages';
import type { Workspace } from '@/lib/storage/workspaces/workspace-index-schema';
import { workspaceLabel } from '@/lib/workspaces/workspace-label';

interface WorkspacePickerProps {
  workspaces: readonly Workspace[];
  workspaceId: string;
  onChange: (workspaceId: string) => void;
}

/**
 * Which workspace a project is created in, shown only when there is more than one (a chunk of its
 * own: the popup with one workspace never loads it). The choice is remembered as the last used one.
 */
export function WorkspacePicker({ workspaces, workspaceId, onChange }: WorkspacePickerProps) {
  const choose = (id: string) => {
    void sendMessage(useWorkspace, { workspaceId: id });
    onChange(id);
  };
  return (
    <div className="field workspace">
      <label htmlFor="workspace">{t('workspaceSelect')}</label>
      <select id="workspace" value={workspaceId} onChange={(event) => choose(event.target.value)}>
        {workspaces.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {workspaceLabel(workspace)}
          </option>
        ))}
      </select>
    </div>
  );
}
