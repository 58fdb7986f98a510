import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { plural, t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { describeWorkspaceLoss } from '@/lib/messaging/messages/workspace-admin-messages';
import type { ResponseOfDefinition } from '@/lib/messaging/define-message';
import type { Workspace } from '@/lib/storage/workspaces/workspace-index-schema';
import { exportRegistry, TokensInClearNote } from '../../shared/RegistryExport';
import { messageText } from '@/lib/message-ref';

type Loss = ResponseOfDefinition<typeof describeWorkspaceLoss>;

interface DeleteWorkspaceDialogProps {
  workspace: Workspace;
  /** The last workspace is cleared instead: the same loss, the workspace stays. */
  clearOnly: boolean;
  /** `keepActivity`: the user keeps the workspace's entries in the Activity log. */
  onConfirm: (choice: { keepActivity: boolean }) => void;
  onCancel: () => void;
}

/**
 * Says what is lost (its secrets, the tokens no export holds, its history, its activity entries unless
 * kept) and offers an export first.
 */
export function DeleteWorkspaceDialog({ workspace, clearOnly, onConfirm, onCancel }: DeleteWorkspaceDialogProps) {
  const [loss, setLoss] = useState<Loss>();
  const [keepActivity, setKeepActivity] = useState(false);
  const [problem, setProblem] = useState<string>();
  // Asked again after an export: the tokens it holds no longer count.
  const [exports, setExports] = useState(0);
  useEffect(() => {
    let shown = true;
    void sendMessage(describeWorkspaceLoss, { workspaceId: workspace.id }).then((answer) => {
      if (!shown) return;
      if (answer.ok) setLoss(answer.value);
      else setProblem(messageText(answer.error.message));
    });
    return () => {
      shown = false;
    };
  }, [workspace.id, exports]);

  const exportFirst = async () => {
    setProblem(await exportRegistry(workspace, 'json'));
    setExports((count) => count + 1);
  };

  const action = clearOnly ? t('workspaceClear') : t('workspaceDelete');
  return (
    <ConfirmDialog
      title={t(clearOnly ? 'workspaceClearTitle' : 'workspaceDeleteTitle', workspace.name)}
      confirmLabel={action}
      onConfirm={() => onConfirm({ keepActivity })}
      onCancel={onCancel}
    >
      {!loss ? (
        <p aria-busy="true">{problem ?? t('optionsLoading')}</p>
      ) : (
        <>
          <ul className="loss">
            <li>{loss.secrets.length > 0 ? t('workspaceLossSecrets') : t('workspaceLossNoSecrets')}</li>
            <li>
              {plural('workspaceLossTokens', loss.tokensOnlyHere)}
              {loss.groups > 0 && loss.tokensOnlyHere === 0 && ` ${t('workspaceLossTokensExported')}`}
            </li>
            <li>{plural('workspaceLossProjects', loss.projects)}</li>
            <li>{t(keepActivity ? 'workspaceLossActivityKept' : 'workspaceLossActivity')}</li>
          </ul>
          <label className="checkbox">
            <input type="checkbox" checked={keepActivity} onChange={(event) => setKeepActivity(event.target.checked)} />
            {t('workspaceKeepActivity')}
          </label>
          {clearOnly && <p>{t('workspaceClearKeeps')}</p>}
          {loss.groups > 0 && <TokensInClearNote />}
          {loss.groups > 0 && (
            <p>
              {t('workspaceExportFirst')}{' '}
              <button type="button" onClick={() => void exportFirst()}>
                {t('importExportJson')}
              </button>
            </p>
          )}
          {problem && <p className="field-error">{problem}</p>}
        </>
      )}
    </ConfirmDialog>
  );
}
