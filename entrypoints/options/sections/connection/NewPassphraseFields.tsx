import { TextField } from '@/components/TextField';
import { t, type MessageKey } from '@/lib/i18n';
import type { newPassphraseProblem } from './lock-api';

interface NewPassphraseFieldsProps {
  /** "Passphrase" when turning the lock on, "New passphrase" when changing it; the confirmation follows. */
  labels: { passphrase: MessageKey; confirm: MessageKey };
  passphrase: string;
  confirm: string;
  onPassphrase: (value: string) => void;
  onConfirm: (value: string) => void;
  problem: ReturnType<typeof newPassphraseProblem>;
}

/** A new passphrase and its confirmation, with the rule as a hint and each problem at its field. */
export function NewPassphraseFields({
  labels,
  passphrase,
  confirm,
  onPassphrase,
  onConfirm,
  problem,
}: NewPassphraseFieldsProps) {
  return (
    <>
      <TextField
        label={t(labels.passphrase)}
        type="password"
        autoComplete="new-password"
        value={passphrase}
        onChange={onPassphrase}
        hint={t('lockPassphraseHint')}
        error={problem?.field === 'passphrase' ? problem.text : undefined}
      />
      <TextField
        label={t(labels.confirm)}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={onConfirm}
        error={problem?.field === 'confirm' ? problem.text : undefined}
      />
    </>
  );
}
