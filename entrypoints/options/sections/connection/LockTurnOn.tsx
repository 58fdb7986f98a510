import { useId, useState, type FormEvent } from 'react';
import { SelectField } from '@/components/SelectField';
import { t } from '@/lib/i18n';
import { DEFAULT_LOCK_AFTER, type LockAfter, type LockStatus } from '@/lib/storage/lock/lock-schema';
import { sendMessage } from '@/lib/messaging/client';
import { turnOnLock } from '@/lib/messaging/messages/lock-admin-messages';
import type { ActionResult } from '@/components/action-result';
import { lockAfterOptions, newPassphraseProblem, reportLock } from './lock-api';
import { NewPassphraseFields } from './NewPassphraseFields';
import { LockCost } from '../../shared/LockCost';

/** Passphrase, its confirmation, Lock after, and **Turn on protection** (shown once the checkbox is ticked). */
export function LockTurnOn({
  onStatus,
  onMessage,
}: {
  onStatus: (status: LockStatus) => void;
  onMessage: (message: ActionResult | undefined) => void;
}) {
  const [passphrase, setPassphrase] = useState('');
  const [confirm, setConfirm] = useState('');
  const [lockAfter, setLockAfter] = useState<LockAfter>(DEFAULT_LOCK_AFTER);
  const [problem, setProblem] = useState<ReturnType<typeof newPassphraseProblem>>();
  const [busy, setBusy] = useState(false);
  const costId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onMessage(undefined);
    const found = newPassphraseProblem(passphrase, confirm);
    setProblem(found);
    if (found) return;
    setBusy(true);
    const result = await sendMessage(turnOnLock, { passphrase, lockAfter });
    setBusy(false);
    if (result.ok) {
      setPassphrase('');
      setConfirm('');
    }
    onMessage(reportLock(result, t('lockTurnedOn'), onStatus));
  };

  return (
    <form className="lock-form" onSubmit={(event) => void submit(event)} noValidate>
      <NewPassphraseFields
        labels={{ passphrase: 'lockPassphrase', confirm: 'lockPassphraseConfirm' }}
        passphrase={passphrase}
        confirm={confirm}
        onPassphrase={setPassphrase}
        onConfirm={setConfirm}
        problem={problem}
      />
      <SelectField label={t('lockAfter')} value={lockAfter} options={lockAfterOptions()} onChange={setLockAfter} />
      {/* Said before the admin chooses, and read with the button that chooses. */}
      <LockCost id={costId} />
      <button type="submit" className="primary" disabled={busy} aria-describedby={costId}>
        {t('lockTurnOn')}
      </button>
    </form>
  );
}
