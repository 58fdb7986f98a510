import { useRef, useState, type FormEvent } from 'react';
import { browser } from 'wxt/browser';
import { Alert, StatusMessage } from '@/components/Alert';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { keepFocusWhileBusy } from '@/components/focus';
import { TextField } from '@/components/TextField';
import type { ConnectionStatus } from '@/lib/connection/connection-status';
import { requiredOrigins } from '@/lib/connection/host-access';
import { checkServiceUrl, originOf } from '@/lib/connection/validate-connection';
import { sendMessage } from '@/lib/messaging/client';
import { forgetCredentials, saveConnection } from '@/lib/messaging/messages/connection-admin-messages';
import { t } from '@/lib/i18n';
import { useConnectionStore } from '@/lib/stores/connection-store';
import { ApiHealthLine } from './ApiHealthLine';
import { GrantAccess } from './GrantAccess';
import { useManagedLock } from './policy/use-managed-lock';
import { useActiveWorkspace } from './workspaces/use-active-workspace';

type FieldName = 'userGroupBaseUrl' | 'projectApiUrl' | 'apiToken' | 'apiKey' | 'authToken';
type Form = Record<FieldName, string> & { sessionOnly: boolean };

/**
 * A saved secret is only sent to the origin it was saved with: when the address in the form has
 * another origin, saving drops the secret, and the hint says so before the user saves.
 */
function secretHint(masked: string, label: string, savedUrl: string, formUrl: string): string {
  if (!masked) return t('connectionSecretNotSet');
  const savedOrigin = originOf(savedUrl);
  if (originOf(formUrl) === savedOrigin) return t('connectionSecretSaved', masked);
  return savedOrigin ? t('connectionSecretOriginChanged', label, savedOrigin) : t('connectionSecretOriginAdded', label);
}

function checkUrls(form: Form): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  for (const field of ['userGroupBaseUrl', 'projectApiUrl'] as const) {
    const checked = form[field].trim() ? checkServiceUrl(form[field]) : undefined;
    if (checked && !checked.ok) errors[field] = checked.message;
  }
  return errors;
}

/** The fieldset of the user group API: the user group section's "set it up" moves focus to its first field. */
export const USER_GROUP_API_FIELDS_ID = 'user-group-api-fields';

export function ConnectionSection({ status }: { status: ConnectionStatus }) {
  const workspace = useActiveWorkspace();
  const { id: workspaceId } = workspace;
  const { locked, readOnly, canSave } = useManagedLock(workspace);
  const setStatus = useConnectionStore((state) => state.setStatus);
  const health = useConnectionStore((state) => state.health);
  const [form, setForm] = useState<Form>({
    userGroupBaseUrl: status.userGroupBaseUrl,
    projectApiUrl: status.projectApiUrl,
    apiToken: '',
    apiKey: '',
    authToken: '',
    sessionOnly: status.secretsArea === 'session',
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const [saving, setSaving] = useState(false);
  const saveButton = useRef<HTMLButtonElement>(null);
  const [confirmingForget, setConfirmingForget] = useState(false);
  const update = (field: FieldName) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const urlErrors = checkUrls(form);
    setErrors(urlErrors);
    setSaved(undefined);
    setFailure(undefined);
    if (Object.keys(urlErrors).length > 0) return;
    keepFocusWhileBusy(saveButton.current);
    setSaving(true);
    // The permission request must be the first await: browsers only allow it during the click.
    const origins = requiredOrigins([form.userGroupBaseUrl, form.projectApiUrl].map((url) => checkServiceUrl(url).ok ? url.trim() : ''));
    const granted = origins.length === 0 || (await browser.permissions.request({ origins }).catch(() => false));
    const result = await sendMessage(saveConnection, {
      workspaceId,
      userGroupBaseUrl: form.userGroupBaseUrl,
      projectApiUrl: form.projectApiUrl,
      apiToken: form.apiToken,
      apiKey: form.apiKey,
      authToken: form.authToken,
      secretsArea: form.sessionOnly ? 'session' : 'local',
    });
    setSaving(false);
    if (!result.ok) {
      if (result.error.field) setErrors({ [result.error.field]: result.error.message });
      else setFailure(result.error.message);
      return;
    }
    setStatus(result.value);
    setForm((current) => ({ ...current, apiToken: '', apiKey: '', authToken: '', userGroupBaseUrl: result.value.userGroupBaseUrl, projectApiUrl: result.value.projectApiUrl }));
    setSaved(granted ? t('connectionSaved') : t('connectionSavedNoAccess'));
  };

  const forget = async () => {
    setConfirmingForget(false);
    const result = await sendMessage(forgetCredentials, { workspaceId });
    if (result.ok) {
      setStatus(result.value);
      setSaved(t('connectionForgotten'));
    } else setFailure(result.error.message);
  };

  return (
    <section aria-labelledby="connection-heading">
      <h2 id="connection-heading">{t('connectionHeading')}</h2>
      <form onSubmit={(event) => void save(event)} noValidate>
        <fieldset id={USER_GROUP_API_FIELDS_ID}>
          <legend>{t('connectionUserGroupsLegend')}</legend>
          <TextField label={t('connectionUserGroupBaseUrl')} value={form.userGroupBaseUrl} onChange={update('userGroupBaseUrl')} disabled={readOnly('userGroupBaseUrl')} error={errors.userGroupBaseUrl} placeholder={t('connectionUserGroupBaseUrlPlaceholder')} inputMode="url" spellCheck={false} />
          <TextField label={t('connectionApiToken')} type="password" value={form.apiToken} onChange={update('apiToken')} disabled={readOnly('apiToken')} error={errors.apiToken} hint={secretHint(status.masked.apiToken, t('connectionApiToken'), status.userGroupBaseUrl, form.userGroupBaseUrl)} autoComplete="new-password" />
          <ApiHealthLine api={t('healthUserGroupApi')} state={health.userGroup} />
        </fieldset>
        <fieldset>
          <legend>{t('connectionProjectsLegend')}</legend>
          <TextField label={t('connectionProjectApiUrl')} value={form.projectApiUrl} onChange={update('projectApiUrl')} disabled={readOnly('projectApiUrl')} error={errors.projectApiUrl} placeholder={t('connectionProjectApiUrlPlaceholder')} inputMode="url" spellCheck={false} />
          <TextField label={t('connectionApiKey')} type="password" value={form.apiKey} onChange={update('apiKey')} disabled={readOnly('apiKey')} error={errors.apiKey} hint={secretHint(status.masked.apiKey, t('connectionApiKey'), status.projectApiUrl, form.projectApiUrl)} autoComplete="new-password" />
          <TextField label={t('connectionAuthToken')} type="password" value={form.authToken} onChange={update('authToken')} disabled={readOnly('authToken')} error={errors.authToken} hint={secretHint(status.masked.authToken, t('connectionAuthToken'), status.projectApiUrl, form.projectApiUrl)} autoComplete="new-password" />
          <ApiHealthLine api={t('healthProjectApi')} state={health.project} />
        </fieldset>
        <label className="checkbox">
          <input type="checkbox" checked={form.sessionOnly} onChange={(event) => setForm((current) => ({ ...current, sessionOnly: event.target.checked }))} />
          {t('connectionSessionOnly')}
        </label>
        {failure && <Alert>{failure}</Alert>}
        {saved && <StatusMessage>{saved}</StatusMessage>}
        <div className="actions">
          <button ref={saveButton} type="submit" className="primary" disabled={saving || !canSave} aria-busy={saving}>
            {t('connectionSave')}
          </button>
          <button type="button" className="danger" disabled={locked} onClick={() => setConfirmingForget(true)}>
            {t('connectionForget')}
          </button>
        </div>
      </form>
      <GrantAccess missing={status.missingAccess} />
      {confirmingForget && (
        <ConfirmDialog title={t('connectionForgetTitle')} onConfirm={() => void forget()} onCancel={() => setConfirmingForget(false)}>
          {t('connectionForgetBody')}
        </ConfirmDialog>
      )}
    </section>
  );
}
