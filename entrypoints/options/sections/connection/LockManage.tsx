import { useState, type FormEvent } from 'react';
import { SelectField } from '@/components/SelectField';
import { TextField } from '@/components/TextField';
import { t } from '@/lib/i18n';
import type { LockStatus } from '@/lib/storage/lock/lock-schema';
import { sendMessage } from '@/lib/messaging/client';
import { changeLockPassphrase, lockNow, setLockAfter, turnOffLock } from '@/lib/messaging/messages/lock-admin-messages';
import type { ActionResult } from '@/components/action-result';
import { lockAfterOptions, newPassphraseProblem, reportLock } from './lock-api';
import { NewPassphraseFields } from './NewPassphraseFields';

interface Props {
  status: LockStatus;
  /** The checkbox was unticked: the form asks the passphrase to turn the lock off. */
  turningOff: boolean;
  onStatus: (status: LockStatus) => void;
  onMessage: (message: ActionResult | undefined) => void;
}

/** While on and unlocked: Lock after, **Lock now**, **Change passphrase**, and turning it off. */
export function LockManage({ status, turningOff, onStatus, onMessage }: Props) {
  const [changing, setChanging] = useState(false);
  const [passphrase, setPassphrase] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<ReturnType<typeof newPassphraseProblem>>();
  const [busy, setBusy] = useState(false);

  const act = async (run: () => Promise<ActionResult>) => {
    onMessage(undefined);
    setBusy(true);
    const message = await run();
    setBusy(false);
    if (message.kind === 'success') {
      setPassphrase('');
      setNext('');
      setConfirm('');
      setChanging(false);
    }
    onMessage(message);
  };

  const change = (event: FormEvent) => {
    event.preventDefault();
    const found = newPassphraseProblem(next, confirm);
    setProblem(found);
    if (!found)
      void act(async () =>
        reportLock(
          await sendMessage(changeLockPassphrase, { passphrase, newPassphrase: next }),
          t('lockChanged'),
          onStatus,
        ),
      );
  };
  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => reportLock(await sendMessage(turnOffLock, { passphrase }), t('lockTurnedOff'), onStatus));
  };

  if (turningOff) {
    return (
      <form className="lock-form" onSubmit={turnOff}>
        <TextField
          label={t('lockPassphrase')}
          type="password"
          autoComplete="current-password"
          value={passphrase}
          onChange={setPassphrase}
        />
        <button type="submit" className="danger" disabled={busy || passphrase === ''}>
          {t('lockTurnOff')}
        </button>
      </form>
    );
  }
  return (
    <>
      <SelectField
        label={t('lockAfter')}
        value={status.lockAfter}
        options={lockAfterOptions()}
        onChange={(lockAfter) =>
          void act(async () =>
            reportLock(await sendMessage(setLockAfter, { lockAfter }), t('lockAfterSaved'), onStatus),
          )
        }
      />
      <div className="actions">
        <button
          type="button"
          disabled={busy}
          onClick={() => void act(async () => reportLock(await sendMessage(lockNow, {}), t('lockLocked'), onStatus))}
        >
          {t('lockNow')}
        </button>
        <button type="button" aria-expanded={changing} onClick={() => (onMessage(undefined), setChanging(!changing))}>
          {t('lockChange')}
        </button>
      </div>
      {changing && (
        <form className="lock-form" onSubmit={change} noValidate>
          <TextField
            label={t('lockPassphrase')}
            type="password"
            autoComplete="current-password"
            value={passphrase}
            onChange={setPassphrase}
          />
          <NewPassphraseFields
            labels={{ passphrase: 'lockNewPassphrase', confirm: 'lockNewPassphraseConfirm' }}
            passphrase={next}
            confirm={confirm}
            onPassphrase={setNext}
            onConfirm={setConfirm}
            problem={problem}
          />
          <button type="submit" className="primary" disabled={busy}>
            {t('lockChangeSave')}
          </button>
        </form>
      )}
    </>
  );
}
