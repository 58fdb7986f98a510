import { plural, t } from '@/lib/i18n';
import { LOCK_AFTER_CHOICES, type LockAfter, type LockStatus } from '@/lib/storage/lock/lock-schema';
import { MIN_PASSPHRASE_LENGTH } from '@/lib/crypto/passphrase';
import type { Result } from '@/lib/result';
import { messageText } from '@/lib/message-ref';
import { errorResult, successResult, type ActionResult } from '@/components/action-result';

/** The options of **Lock after**. */
export const lockAfterOptions = (): { value: LockAfter; label: string }[] =>
  LOCK_AFTER_CHOICES.map((value) => ({
    value,
    label: value === 'close' ? t('lockAfterClose') : plural('lockAfterMinutes', Number(value)),
  }));

/** The problem with a new passphrase and its confirmation, checked before anything is sent. */
export function newPassphraseProblem(
  passphrase: string,
  confirm: string,
): { field: 'passphrase' | 'confirm'; text: string } | undefined {
  if ([...passphrase.normalize('NFC')].length < MIN_PASSPHRASE_LENGTH)
    return { field: 'passphrase', text: t('lockTooShort') };
  if (passphrase !== confirm) return { field: 'confirm', text: t('lockMismatch') };
  return undefined;
}

/** A lock answer as the section's message; the status, when there is one, replaces the shown one. */
export function reportLock(
  result: Result<LockStatus>,
  success: string,
  onStatus: (status: LockStatus) => void,
): ActionResult {
  if (!result.ok) return errorResult(messageText(result.error.message));
  onStatus(result.value);
  return successResult(success);
}
