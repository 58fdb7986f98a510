import { useState, type FormEvent } from 'react';
import { Alert, StatusMessage } from '@/components/Alert';
import { downloadFile } from '@/components/download-file';
import { TextField } from '@/components/TextField';
import { useModalDialog } from '@/components/use-modal-dialog';
import { checkPassphrase } from '@/lib/crypto/passphrase';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { exportSetupFile } from '@/lib/messaging/messages/setup-file-messages';
import type { Workspace } from '@/lib/storage/workspaces/workspace-index-schema';
import { workspaceSlug } from '@/lib/storage/workspaces/workspace-name';
import { messageText } from '@/lib/message-ref';
import { unlockAndRetry } from '../../shared/unlock-in-place';

interface ExportSetupDialogProps {
  workspace: Workspace;
  /** Closes the dialog; `fileName` when a file was saved. */
  onClose: (fileName?: string) => void;
}

type Errors = { passphrase?: string; confirm?: string };

/**
 * Asks for the passphrase twice and whether the user group API goes in; the background encrypts the
 * workspace's secrets and answers the file's text (ciphertext only), which is saved as a download.
 */
export function ExportSetupDialog({ workspace, onClose }: ExportSetupDialogProps) {
  const { ref, titleId } = useModalDialog();
  const [passphrase, setPassphrase] = useState('');
  const [confirm, setConfirm] = useState('');
  const [includeUserGroupApi, setIncludeUserGroupApi] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const found: Errors = {};
    if (checkPassphrase(passphrase)) found.passphrase = t('setupPassphraseTooShort');
    else if (confirm !== passphrase) found.confirm = t('setupPassphraseMismatch');
    setErrors(found);
    if (found.passphrase || found.confirm) return;
    setBusy(true);
    // Locked, the secrets cannot be read: unlock in place, and the export goes on with what was typed.
    const result = await unlockAndRetry(t('setupExportButton'), () =>
      sendMessage(exportSetupFile, { workspaceId: workspace.id, passphrase, includeUserGroupApi }),
    );
    setBusy(false);
    if (!result.ok) return setFailure(messageText(result.error.message));
    const fileName = `${workspaceSlug(workspace.name)}.review-setup.json`;
    downloadFile({ fileName, mimeType: 'application/json', text: result.value.text });
    onClose(fileName);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={titleId}>{t('setupExportTitle', workspace.name)}</h2>
        <p>{t('setupExportIntro')}</p>
        <TextField
          label={t('setupPassphrase')}
          type="password"
          autoComplete="new-password"
          value={passphrase}
          onChange={setPassphrase}
          error={errors.passphrase}
          hint={t('setupPassphraseHint')}
        />
        <TextField
          label={t('setupPassphraseConfirm')}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          error={errors.confirm}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={includeUserGroupApi}
            onChange={(event) => setIncludeUserGroupApi(event.target.checked)}
          />
          {t('setupIncludeUserGroupApi')}
        </label>
        {busy && <StatusMessage>{t('setupExporting')}</StatusMessage>}
        {failure && <Alert>{failure}</Alert>}
        <div className="actions">
          <button type="button" onClick={() => onClose()} disabled={busy}>
            {t('dialogCancel')}
          </button>
          <button type="submit" className="primary" disabled={busy} aria-busy={busy}>
            {t('setupExportButton')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
