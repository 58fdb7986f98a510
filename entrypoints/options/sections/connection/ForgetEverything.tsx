import { useEffect, useState } from 'react';
import { errorResult, successResult, type ActionResult } from '@/components/action-result';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { plural, t } from '@/lib/i18n';
import { messageText } from '@/lib/message-ref';
import { sendMessage } from '@/lib/messaging/client';
import { describeForgetCredentials, forgetAllCredentials } from '@/lib/messaging/messages/lock-admin-messages';

interface Props {
  /** After the answer: the section reads the lock and the connection again. */
  onDone: (message: ActionResult) => void;
  onCancel: () => void;
}

/**
 * **Forget credentials** while the lock is closed: the way out of a forgotten passphrase (design.md
 * §10). It says first what it clears (every workspace's API credentials and every sealed group token:
 * without the passphrase nobody can open them), then clears them and turns the lock off. Turning the
 * lock off any other way needs the passphrase.
 */
export function ForgetEverything({ onDone, onCancel }: Props) {
  const [counts, setCounts] = useState<{ credentials: number; tokens: number }>();

  useEffect(() => {
    void sendMessage(describeForgetCredentials, {}).then((described) =>
      described.ok ? setCounts(described.value) : onDone(errorResult(messageText(described.error.message))),
    );
  }, [onDone]);

  const forget = async () => {
    const result = await sendMessage(forgetAllCredentials, {});
    onDone(result.ok ? successResult(t('lockForgottenDone')) : errorResult(messageText(result.error.message)));
  };

  if (!counts) return null;
  return (
    <ConfirmDialog
      title={t('lockForgetTitle')}
      confirmLabel={t('connectionForget')}
      onConfirm={() => void forget()}
      onCancel={onCancel}
    >
      <p>
        {[
          counts.credentials > 0 && plural('lockForgetCredentials', counts.credentials),
          counts.tokens > 0 && plural('lockForgetTokens', counts.tokens),
        ]
          .filter(Boolean)
          .join(' ')}
      </p>
      <p>{t('lockForgetBody')}</p>
    </ConfirmDialog>
  );
}
