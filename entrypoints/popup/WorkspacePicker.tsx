import { t } from '@/lib/i18n';
import type { Workspace } from '@/lib/storage/workspaces/workspace-index-schema';
import { workspaceLabel } from '@/lib/workspaces/workspace-label';

interface WorkspacePickerProps {
  workspaces: readonly Workspace[];
  workspaceId: string;
  onChange: (workspaceId: string) => void;
}

/**
 * Which workspace a project is created in, shown only when there is more than one. What a choice does
 * (remembered as the last used one, its form loaded) is App's.
 */
export function WorkspacePicker({ workspaces, workspaceId, onChange }: WorkspacePickerProps) {
  return (
    <div className="field workspace">
      <label htmlFor="workspace">{t('workspaceSelect')}</label>
      <select id="workspace" value={workspaceId} onChange={(event) => onChange(event.target.value)}>
        {workspaces.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {workspaceLabel(workspace)}
          </option>
        ))}
      </select>
    </div>
  );
}
