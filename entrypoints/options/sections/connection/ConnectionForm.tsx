import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { browser } from 'wxt/browser';
import { errorResult, successResult, type ActionResult } from '@/components/action-result';
import { ActionMessage } from '@/components/ActionMessage';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { keepFocusWhileBusy } from '@/components/focus';
import { TextField } from '@/components/TextField';
import type { ConnectionStatus } from '@/lib/connection/connection-status';
import { requiredOrigins } from '@/lib/connection/host-access';
import { checkServiceUrl } from '@/lib/api/service-address';
import { formatList, t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { forgetCredentials, saveConnection } from '@/lib/messaging/messages/connection-admin-messages';
import { useConnectionStore } from '@/lib/stores/connection-store';
import { ApiHealthLine } from './ApiHealthLine';
import { ForgetEverything } from './ForgetEverything';
import { GrantAccess } from './GrantAccess';
import { useManagedLock } from './use-managed-lock';
import { useFocusWhenTargeted } from '../../navigation/use-focus-when-targeted';
import { unlockAndRetry } from '../../shared/unlock-in-place';
import { useActiveWorkspace } from '../../shared/use-active-workspace';
import {
  checkUrls,
  errorAsTyped,
  formFromStatus,
  hasChanges,
  hasStoredSecrets,
  saveOffReason,
  secretHint,
  secretPlaceholder,
  stillMissing,
  type ApiPart,
  type FieldName,
} from './connection-form-state';
import { messageText } from '@/lib/message-ref';
import type { SectionTarget } from '@/lib/url/section-routes';

/** Where links point to set up one API: `options.html#connection/user-group-api` focuses its first field. */
export const API_TARGETS = { userGroup: 'user-group-api', project: 'project-api' } as const satisfies Record<
  ApiPart,
  SectionTarget<'connection'>
>;

interface ConnectionFormProps {
  status: ConnectionStatus;
  /** Which APIs the form sets up; the other's stored values are kept as they are. */
  parts: readonly ApiPart[];
  /** With the project API: the **Project link** field (the Connection section; the start page keeps it out). */
  showProjectLink?: boolean;
}

/** The addresses and secrets of the shown workspace: saved only when something changed, secrets shown masked. */
export function ConnectionForm({ status, parts, showProjectLink = false }: ConnectionFormProps) {
  const withLink = showProjectLink && parts.includes('project');
  const workspace = useActiveWorkspace();
  const { id: workspaceId } = workspace;
  const { locked, readOnly, canSave } = useManagedLock(workspace);
  const setStatus = useConnectionStore((state) => state.setStatus);
  const refresh = useConnectionStore((state) => state.refresh);
  const health = useConnectionStore((state) => state.health);
  const [form, setForm] = useState(() => formFromStatus(status));
  // Saved from elsewhere (another options page): an unedited form follows, or its stale addresses would
  // count as changes and a later save would write them back over the other page's.
  const [shownStatus, setShownStatus] = useState(status);
  if (status !== shownStatus) {
    setShownStatus(status);
    if (!hasChanges(form, shownStatus)) setForm(formFromStatus(status));
  }
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [message, setMessage] = useState<ActionResult>();
  const [saving, setSaving] = useState(false);
  const saveButton = useRef<HTMLButtonElement>(null);
  const [confirmingForget, setConfirmingForget] = useState(false);
  const userGroupFields = useRef<HTMLFieldSetElement>(null);
  const projectFields = useRef<HTMLFieldSetElement>(null);
  useFocusWhenTargeted(API_TARGETS.userGroup, userGroupFields);
  useFocusWhenTargeted(API_TARGETS.project, projectFields);
  const changed = hasChanges(form, status);
  const update = (field: FieldName) => (value: string) => {
    setMessage(undefined);
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: errorAsTyped(field, value, current[field]) }));
  };
  const offReason = saving ? undefined : saveOffReason({ canSave, changed });
  const offReasonId = useId();
  const secretField = (
    field: 'apiToken' | 'apiKey' | 'authToken',
    label: string,
    savedUrl: string,
    formUrl: string,
  ) => (
    <TextField
      label={label}
      type="password"
      value={form[field]}
      onChange={update(field)}
      disabled={readOnly(field)}
      error={errors[field]}
      placeholder={secretPlaceholder(status.masked[field], savedUrl, formUrl)}
      hint={secretHint(status.masked[field], label, savedUrl, formUrl)}
      autoComplete="new-password"
    />
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    const urlErrors = checkUrls(withLink ? form : { ...form, projectLink: status.projectLink ?? '' });
    setErrors(urlErrors);
    setMessage(undefined);
    if (Object.keys(urlErrors).length > 0) return;
    keepFocusWhileBusy(saveButton.current);
    setSaving(true);
    // The permission request must be the first await: browsers only allow it during the click.
    const origins = requiredOrigins(
      [form.userGroupBaseUrl, form.projectApiUrl].map((url) => (checkServiceUrl(url).ok ? url.trim() : '')),
    );
    const granted = origins.length === 0 || (await browser.permissions.request({ origins }).catch(() => false));
    const { sessionOnly, projectLink, ...values } = form;
    // Locked, the secrets cannot be sealed: unlock in place, and the save goes on with what was typed.
    const result = await unlockAndRetry(t('connectionSave'), () =>
      sendMessage(saveConnection, {
        workspaceId,
        ...values,
        // Without the field, the stored link stays as it is.
        ...(withLink && { projectLink }),
        secretsArea: sessionOnly ? 'session' : 'local',
      }),
    );
    setSaving(false);
    if (!result.ok) {
      if (result.error.field) setErrors({ [result.error.field]: messageText(result.error.message) });
      else setMessage(errorResult(messageText(result.error.message)));
      return;
    }
    setStatus(result.value);
    setForm(formFromStatus(result.value));
    const missing = stillMissing(result.value, parts);
    const saved = granted ? t('connectionSaved') : t('connectionSavedNoAccess');
    setMessage(
      successResult(missing.length > 0 ? `${saved} ${t('connectionStillMissing', formatList(missing))}` : saved),
    );
  };

  // Locked, Forget credentials clears every secret and turns the lock off (ForgetEverything).
  const forgotEverything = useCallback(
    (result: ActionResult) => {
      setConfirmingForget(false);
      setMessage(result);
      void refresh();
    },
    [refresh],
  );

  const forget = async () => {
    setConfirmingForget(false);
    setMessage(undefined);
    const result = await sendMessage(forgetCredentials, { workspaceId });
    if (!result.ok) return setMessage(errorResult(messageText(result.error.message)));
    setStatus(result.value);
    setMessage(successResult(t('connectionForgotten')));
  };

  return (
    <>
      <form onSubmit={(event) => void save(event)} noValidate className="connection-form">
        {parts.includes('userGroup') && (
          <fieldset ref={userGroupFields}>
            <legend>{t('connectionUserGroupsLegend')}</legend>
            <TextField
              label={t('connectionUserGroupBaseUrl')}
              value={form.userGroupBaseUrl}
              onChange={update('userGroupBaseUrl')}
              disabled={readOnly('userGroupBaseUrl')}
              error={errors.userGroupBaseUrl}
              placeholder={t('connectionUserGroupBaseUrlPlaceholder')}
              inputMode="url"
              spellCheck={false}
            />
            {secretField('apiToken', t('connectionApiToken'), status.userGroupBaseUrl, form.userGroupBaseUrl)}
            <ApiHealthLine api={t('healthUserGroupApi')} state={health.userGroup} />
          </fieldset>
        )}
        {parts.includes('project') && (
          <fieldset ref={projectFields}>
            <legend>{t('connectionProjectsLegend')}</legend>
            <TextField
              label={t('connectionProjectApiUrl')}
              value={form.projectApiUrl}
              onChange={update('projectApiUrl')}
              disabled={readOnly('projectApiUrl')}
              error={errors.projectApiUrl}
              placeholder={t('connectionProjectApiUrlPlaceholder')}
              inputMode="url"
              spellCheck={false}
            />
            {secretField('apiKey', t('connectionApiKey'), status.projectApiUrl, form.projectApiUrl)}
            {secretField('authToken', t('connectionAuthToken'), status.projectApiUrl, form.projectApiUrl)}
            <ApiHealthLine api={t('healthProjectApi')} state={health.project} />
            {withLink && (
              <TextField
                label={t('connectionProjectLink')}
                value={form.projectLink}
                onChange={update('projectLink')}
                readOnly={readOnly('projectLink')}
                error={errors.projectLink}
                hint={readOnly('projectLink') ? t('connectionProjectLinkSetByPolicy') : t('connectionProjectLinkHint')}
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
              />
            )}
          </fieldset>
        )}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.sessionOnly}
            onChange={(event) => (
              setMessage(undefined),
              setForm((current) => ({ ...current, sessionOnly: event.target.checked }))
            )}
          />
          {t('connectionSessionOnly')}
        </label>
        <div className="actions">
          <button
            ref={saveButton}
            type="submit"
            className="primary"
            disabled={saving || !canSave || !changed}
            aria-busy={saving}
            aria-describedby={offReason && offReasonId}
          >
            {t('connectionSave')}
          </button>
          <button
            type="button"
            className="danger"
            disabled={locked || (!status.locked && !hasStoredSecrets(status))}
            onClick={() => (setMessage(undefined), setConfirmingForget(true))}
          >
            {t('connectionForget')}
          </button>
          {offReason && (
            <span id={offReasonId} className="hint">
              {t(offReason)}
            </span>
          )}
        </div>
        <ActionMessage result={message} />
      </form>
      <GrantAccess missing={status.missingAccess} />
      {confirmingForget && status.locked && (
        <ForgetEverything onDone={forgotEverything} onCancel={() => setConfirmingForget(false)} />
      )}
      {confirmingForget && !status.locked && (
        <ConfirmDialog
          title={t('connectionForgetTitle')}
          confirmLabel={t('connectionForget')}
          onConfirm={() => void forget()}
          onCancel={() => setConfirmingForget(false)}
        >
          {t('connectionForgetBody')}
        </ConfirmDialog>
      )}
    </>
  );
}
