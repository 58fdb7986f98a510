import { useRef, useState, type FormEvent } from 'react';
import { keepFocusWhileBusy } from '@/components/focus';
import { SelectField } from '@/components/SelectField';
import { TextField } from '@/components/TextField';
import type { Environment } from '@/lib/api/user-group-api';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { createUserGroup } from '@/lib/messaging/messages/user-group-messages';
import { describeGroup } from './describe-group';
import type { Outcome } from './outcome';


export function CreateUserGroupForm({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const [name, setName] = useState('');
  const [userGroupId, setUserGroupId] = useState('');
  const [environment, setEnvironment] = useState<Environment>('Customer');
  const [errors, setErrors] = useState<{ name?: string; userGroupId?: string }>({});
  const [busy, setBusy] = useState(false);
  const submitButton = useRef<HTMLButtonElement>(null);
  const environments = [
    { value: 'Customer', label: t('groupsEnvironmentCustomer') },
    { value: 'Testing', label: t('groupsEnvironmentTesting') },
  ] as const;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems = {
      name: name.trim() ? undefined : t('groupsNameEmpty'),
      userGroupId: userGroupId.trim() ? undefined : t('groupsIdEmpty'),
    };
    setErrors(problems);
    if (problems.name || problems.userGroupId) return;
    keepFocusWhileBusy(submitButton.current);
    setBusy(true);
    const result = await sendMessage(createUserGroup, { name, userGroupId, environment });
    setBusy(false);
    if (!result.ok) {
      if (result.error.field === 'userGroupId') setErrors({ userGroupId: result.error.message });
      onOutcome({ kind: 'error', message: result.error.message });
      return;
    }
    const { group, created } = result.value;
    onOutcome({
      kind: 'success',
      message: created
        ? t('groupsCreated', describeGroup(group.name, group.environment, group.provided_id))
        : t('groupsAlreadyExisted', describeGroup(group.name, group.environment, group.provided_id)),
    });
    setName('');
    setUserGroupId('');
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="create-group-heading">
      <h3 id="create-group-heading">{t('groupsNewHeading')}</h3>
      <div className="row-fields">
        <TextField label={t('groupsFieldName')} value={name} onChange={setName} error={errors.name} autoComplete="off" />
        <TextField label={t('groupsFieldId')} value={userGroupId} onChange={setUserGroupId} error={errors.userGroupId} autoComplete="off" spellCheck={false} />
        <SelectField label={t('groupsFieldEnvironment')} value={environment} options={environments} onChange={setEnvironment} />
      </div>
      <button ref={submitButton} type="submit" className="primary" disabled={busy} aria-busy={busy}>
        {t('groupsCreate')}
      </button>
    </form>
  );
}
