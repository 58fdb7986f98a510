import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TextField } from '@/components/TextField';
import { t, type MessageKey } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { renameWorkspace } from '@/lib/messaging/messages/workspace-admin-messages';
import { isLocked } from '@/lib/workspaces/managed-workspaces';
import type { Workspace } from '@/lib/storage/workspaces/workspace-index-schema';
import {
  checkWorkspaceName,
  MAX_WORKSPACE_NAME_LENGTH,
  type WorkspaceNameProblem,
} from '@/lib/storage/workspaces/workspace-name';
import { messageText } from '@/lib/message-ref';

const PROBLEM_TEXT: Record<WorkspaceNameProblem, MessageKey> = {
  empty: 'workspaceNameEmpty',
  tooLong: 'workspaceNameTooLong',
  controlCharacters: 'workspaceNameControl',
  duplicate: 'workspaceNameDuplicate',
};

interface WorkspaceNameFieldProps {
  workspace: Workspace;
  workspaces: readonly Workspace[];
  /** Just added: the name is selected, ready to be typed over. */
  focusOnMount: boolean;
}

/** The shown workspace's name: renamed when the field is left or Enter is pressed; a problem is said next to it. */
export function WorkspaceNameField({ workspace, workspaces, focusOnMount }: WorkspaceNameFieldProps) {
  const [name, setName] = useState(workspace.name);
  // Renamed elsewhere (another options page): an unedited field follows, or leaving it would rename the
  // workspace back to the name it showed.
  const [shownName, setShownName] = useState(workspace.name);
  if (workspace.name !== shownName) {
    setShownName(workspace.name);
    if (name === shownName) setName(workspace.name);
  }
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!focusOnMount) return;
    input.current?.focus();
    input.current?.select();
  }, [focusOnMount]);

  const rename = async () => {
    const checked = checkWorkspaceName(name, workspaces, workspace.id);
    if (!checked.ok) return setError(t(PROBLEM_TEXT[checked.problem], MAX_WORKSPACE_NAME_LENGTH));
    setError(undefined);
    if (checked.name === workspace.name) return setName(checked.name);
    const result = await sendMessage(renameWorkspace, { workspaceId: workspace.id, name: checked.name });
    if (result.ok) setName(result.value.name);
    else setError(messageText(result.error.message));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void rename();
  };

  return (
    <form onSubmit={submit} noValidate className="workspace-name">
      <TextField
        ref={input}
        label={t('workspaceName')}
        value={name}
        onChange={setName}
        onBlur={() => void rename()}
        error={error}
        disabled={isLocked(workspace)}
        maxLength={MAX_WORKSPACE_NAME_LENGTH * 2}
        autoComplete="off"
      />
    </form>
  );
}
