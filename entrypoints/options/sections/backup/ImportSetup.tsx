import { useId, useState, type FormEvent } from 'react';
import { errorResult, successResult, type ActionResult } from '@/components/action-result';
import { ActionMessage } from '@/components/ActionMessage';
import { StatusMessage } from '@/components/Alert';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { TextField } from '@/components/TextField';
import { findMissingAccess } from '@/lib/connection/host-access';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { importSetupFile } from '@/lib/messaging/messages/setup-file-messages';
import { readSetupFileHeader } from '@/lib/setup-file/read-setup-file';
import { MAX_SETUP_FILE_BYTES, type SetupWorkspace } from '@/lib/setup-file/setup-file-schema';
import { reloadWorkspace, showAddedWorkspace } from '@/lib/stores/workspace-store';
import type { Workspace } from '@/lib/storage/workspaces/workspace-index-schema';
import { unlockAndRetry } from '../../shared/unlock-in-place';
import { sayWorkspaceMessage } from '../../shared/workspace-message';
import { ReplacedAddresses } from './ReplacedAddresses';
import { setupProblemText } from './setup-problem-text';
import { messageText } from '@/lib/message-ref';

type Chosen = { text: string; workspace: SetupWorkspace };
type Addresses = { projectApiUrl: string; userGroupBaseUrl: string };
/** A workspace of the file's name exists: its addresses now, and the file's (authenticated by the passphrase). */
type Existing = { workspace: Workspace; current: Addresses; incoming: Addresses };

/** Reads a setup file, shows its workspace and addresses, and imports it with the passphrase (design.md §8). */
/** `intro`: a line under the heading saying why to use it here. */
export function ImportSetup({ intro }: { intro?: string }) {
  const fileId = useId();
  const [chosen, setChosen] = useState<Chosen>();
  const [passphrase, setPassphrase] = useState('');
  const [message, setMessage] = useState<ActionResult>();
  const [busy, setBusy] = useState(false);
  const [existing, setExisting] = useState<Existing>();

  const choose = async (file: File | undefined) => {
    setChosen(undefined);
    setMessage(undefined);
    if (!file) return;
    if (file.size > MAX_SETUP_FILE_BYTES) return setMessage(errorResult(setupProblemText('too-large')));
    const text = await file.text();
    const header = readSetupFileHeader(text);
    if (!header.ok) return setMessage(errorResult(setupProblemText(header.problem.code)));
    setChosen({ text, workspace: header.value.workspace });
  };

  const run = async (replace: boolean) => {
    if (!chosen) return setMessage(errorResult(t('setupChooseFileFirst')));
    setMessage(undefined);
    sayWorkspaceMessage(undefined);
    setExisting(undefined);
    setBusy(true);
    // No host access is asked for before the passphrase has authenticated the file's addresses: the
    // background answers them, and the message then offers to allow them (in a click of its own).
    // Locked, the file's secrets could not be sealed: unlock in place, and the import goes on.
    const result = await unlockAndRetry(t('setupImportButton'), () =>
      sendMessage(importSetupFile, { text: chosen.text, passphrase, replace }),
    );
    setBusy(false);
    if (!result.ok) return setMessage(errorResult(messageText(result.error.message)));
    const answer = result.value;
    if (answer.status === 'problem') return setMessage(errorResult(setupProblemText(answer.problem)));
    if (answer.status === 'exists') return setExisting(answer);
    setPassphrase('');
    showAddedWorkspace(answer.workspace);
    // A replaced workspace may be the one shown: its sections start again with the new connection.
    if (answer.replaced) reloadWorkspace();
    const done = t(answer.replaced ? 'setupReplaced' : 'setupImported', answer.workspace.name);
    const missing = await findMissingAccess([answer.addresses.projectApiUrl, answer.addresses.userGroupBaseUrl]);
    const hosts = missing
      .map((pattern) => pattern.replace('/*', ''))
      .reduce((first, second) => t('connectionAccessAnd', first, second), '');
    // Said beside the workspace switcher: the page now shows the imported workspace, and this form starts afresh.
    sayWorkspaceMessage(successResult(missing.length > 0 ? `${done} ${t('setupAccessNeeded', hosts)}` : done), missing);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(false);
  };

  return (
    <form className="setup-import" onSubmit={submit} aria-labelledby={`${fileId}-heading`}>
      <h3 id={`${fileId}-heading`}>{t('setupImportHeading')}</h3>
      {intro && <p className="hint">{intro}</p>}
      <div className="field">
        <label htmlFor={fileId}>{t('setupFile')}</label>
        <input
          id={fileId}
          type="file"
          accept=".json,application/json"
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </div>
      {chosen && (
        <dl className="setup-preview" aria-label={t('setupPreviewLabel')}>
          <dt>{t('workspaceSelect')}</dt>
          <dd>{chosen.workspace.name}</dd>
          <dt>{t('setupPreviewProjectApi')}</dt>
          <dd>{chosen.workspace.projectApiUrl}</dd>
          {chosen.workspace.userGroupBaseUrl && (
            <>
              <dt>{t('setupPreviewUserGroupApi')}</dt>
              <dd>{chosen.workspace.userGroupBaseUrl}</dd>
            </>
          )}
          {chosen.workspace.projectLink && (
            <>
              <dt>{t('connectionProjectLink')}</dt>
              <dd>{chosen.workspace.projectLink}</dd>
            </>
          )}
        </dl>
      )}
      <TextField
        label={t('setupPassphrase')}
        type="password"
        autoComplete="off"
        value={passphrase}
        onChange={setPassphrase}
      />
      {busy && <StatusMessage>{t('setupImporting')}</StatusMessage>}
      <ActionMessage result={message} />
      <div className="actions">
        <button type="submit" disabled={busy} aria-busy={busy}>
          {t('setupImportButton')}
        </button>
      </div>
      {existing && (
        <ConfirmDialog
          title={t('setupReplaceTitle', existing.workspace.name)}
          confirmLabel={t('setupReplaceConfirm')}
          onConfirm={() => void run(true)}
          onCancel={() => setExisting(undefined)}
        >
          <p>{t('setupReplaceBody')}</p>
          <ReplacedAddresses current={existing.current} incoming={existing.incoming} />
        </ConfirmDialog>
      )}
    </form>
  );
}
