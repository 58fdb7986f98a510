import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/Alert';
import { TextField } from '@/components/TextField';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { unlock } from '@/lib/messaging/messages/lock-messages';
import { messageText } from '@/lib/message-ref';

/**
 * **Passphrase** and **Unlock** (design.md §10), for the popup (loaded lazily: most popups never show
 * it) and the options page. A wrong passphrase is an alert, and focus goes back to the Passphrase field
 * (the Unlock button it left is disabled until something is typed again, which would drop focus to the
 * page); the passphrase never outlives the request.
 */
export default function UnlockForm({ onUnlocked, autoFocus = false }: { onUnlocked: () => void; autoFocus?: boolean }) {
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    const result = await sendMessage(unlock, { passphrase });
    setBusy(false);
    setPassphrase('');
    if (!result.ok) {
      setError(messageText(result.error.message));
      field.current?.focus();
      return;
    }
    onUnlocked();
  };

  return (
    <form className="unlock" onSubmit={(event) => void submit(event)}>
      <TextField
        ref={field}
        label={t('lockPassphrase')}
        type="password"
        autoComplete="current-password"
        autoFocus={autoFocus}
        value={passphrase}
        onChange={setPassphrase}
        required
      />
      <button type="submit" className="primary" disabled={busy || passphrase === ''}>
        {t('lockUnlock')}
      </button>
      {error && <Alert>{error}</Alert>}
    </form>
  );
}
