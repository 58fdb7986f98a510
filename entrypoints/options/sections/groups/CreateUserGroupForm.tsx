import { useId, useRef, useState, type FormEvent } from 'react';
import { keepFocusWhileBusy } from '@/components/focus';
import { SelectField } from '@/components/SelectField';
import { TextField } from '@/components/TextField';
import { type Environment } from '@/lib/environment';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { createUserGroup } from '@/lib/messaging/messages/user-group-messages';
import { useActiveWorkspace } from '../../shared/use-active-workspace';
import { createOutcome } from './create-outcome';
import type { Outcome } from './outcome';
import { messageText } from '@/lib/message-ref';

interface CreateUserGroupFormProps {
  /** A create starts: the section's earlier message (and what it offered) goes. */
  onStart: () => void;
  onOutcome: (outcome: Outcome) => void;
  /** The passphrase lock is closed: creating needs the API token, so the button is off and says why. */
  locked?: boolean;
}

/**
 * Name, User group ID, Environment and Create user group. After a create, focus is in Name for the
 * next one (the message beside says what was created, with Copy token); after a refusal, in the field
 * it is about, or back on the button.
 */
export function CreateUserGroupForm({ onStart, onOutcome, locked = false }: CreateUserGroupFormProps) {
  const { id: workspaceId } = useActiveWorkspace();
  const [name, setName] = useState('');
  const [userGroupId, setUserGroupId] = useState('');
  const [environment, setEnvironment] = useState<Environment>('Customer');
  const [errors, setErrors] = useState<{ name?: string; userGroupId?: string }>({});
  const [busy, setBusy] = useState(false);
  const submitButton = useRef<HTMLButtonElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const idField = useRef<HTMLInputElement>(null);
  const lockedHintId = useId();
  const environments = [
    { value: 'Customer', label: t('groupsEnvironmentCustomer') },
    { value: 'Testing', label: t('groupsEnvironmentTesting') },
  ] as const;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || locked) return;
    const problems = {
      name: name.trim() ? undefined : t('groupsNameEmpty'),
      userGroupId: userGroupId.trim() ? undefined : t('groupsIdEmpty'),
    };
    setErrors(problems);
    if (problems.name) return nameField.current?.focus();
    if (problems.userGroupId) return idField.current?.focus();
    keepFocusWhileBusy(submitButton.current);
    onStart();
    setBusy(true);
    const request = { name, userGroupId, environment };
    const result = await sendMessage(createUserGroup, { workspaceId, ...request });
    setBusy(false);
    onOutcome(createOutcome(request, result));
    if (!result.ok) {
      if (result.error.field === 'userGroupId') {
        setErrors({ userGroupId: messageText(result.error.message) });
        idField.current?.focus();
      }
      return;
    }
    setName('');
    setUserGroupId('');
    nameField.current?.focus();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="create-group-heading">
      <h3 id="create-group-heading">{t('groupsNewHeading')}</h3>
      <div className="row-fields">
        <TextField
          ref={nameField}
          label={t('groupsFieldName')}
          value={name}
          onChange={setName}
          error={errors.name}
          autoComplete="off"
        />
        <TextField
          ref={idField}
          label={t('groupsFieldId')}
          value={userGroupId}
          onChange={setUserGroupId}
          error={errors.userGroupId}
          autoComplete="off"
          spellCheck={false}
        />
        <SelectField
          label={t('groupsFieldEnvironment')}
          value={environment}
          options={environments}
          onChange={setEnvironment}
        />
      </div>
      <div className="actions">
        <button
          ref={submitButton}
          type="submit"
          className="primary"
          disabled={busy || locked}
          aria-busy={busy}
          aria-describedby={locked ? lockedHintId : undefined}
        >
          {t('groupsCreate')}
        </button>
        {locked && (
          <span id={lockedHintId} className="hint">
            {t('groupsCreateLocked')}
          </span>
        )}
      </div>
    </form>
  );
}
