import type { MessageKey } from '@/lib/i18n';
import { messageText } from '@/lib/message-ref';
import type { AppError } from '@/lib/result';

/** Errors whose "check the settings" advice the list gives as a link instead (OutcomeMessage). */
const WITHOUT_ADVICE: Partial<Record<string, MessageKey>> = { errorUnauthenticated: 'errorUnauthenticatedNoAdvice' };

/** An error as the user group list says it, in the page's language. */
export function listErrorText(error: AppError): string {
  const shorter = WITHOUT_ADVICE[error.message.key];
  return messageText(shorter ? { ...error.message, key: shorter } : error.message);
}
