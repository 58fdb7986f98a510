import { useRef, useState, type FormEvent } from 'react';
import { keepFocusWhileBusy } from '@/components/focus';
import { SelectField } from '@/components/SelectField';
import { TextField } from '@/components/TextField';
import type { Environment } from '@/lib/api/user-group-api';
import { sendMessage } from '@/lib/messaging/client';
import { createUserGroup } from '@/lib/messaging/messages/user-group-messages';
import type { Outcome } from './outcome';

const ENVIRONMENTS = [
  { value: 'Customer', label: 'Customer' },
  { value: 'Testing', label: 'Testing' },
] as const;

export function CreateUserGroupForm({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const [name, setName] = useState('');
  const [userGroupId, setUserGroupId] = useState('');
  const [environment, setEnvironment] = useState<Environment>('Customer');
  const [errors, setErrors] = useState<{ name?: string; userGroupId?: string }>({});
  const [busy, setBusy] = useState(false);
  const submitButton = useRef<HTMLButtonElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems = {
      name: name.trim() ? undefined : 'Enter a name.',
      userGroupId: userGroupId.trim() ? undefined : 'Enter the user group ID.',
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
        ? `Created “${group.name}” (${group.environment}, ID ${group.provided_id}).`
        : `“${group.name}” (${group.environment}, ID ${group.provided_id}) already existed on the service; its current token is now stored here.`,
    });
    setName('');
    setUserGroupId('');
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="create-group-heading">
      <h3 id="create-group-heading">New user group</h3>
      <div className="row-fields">
        <TextField label="Name" value={name} onChange={setName} error={errors.name} autoComplete="off" />
        <TextField label="User group ID" value={userGroupId} onChange={setUserGroupId} error={errors.userGroupId} autoComplete="off" spellCheck={false} />
        <SelectField label="Environment" value={environment} options={ENVIRONMENTS} onChange={setEnvironment} />
      </div>
      <button ref={submitButton} type="submit" className="primary" disabled={busy} aria-busy={busy}>
        Create user group
      </button>
    </form>
  );
}
