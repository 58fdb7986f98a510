import { messageText } from '@/lib/message-ref';
import type { Result } from '@/lib/result';

/**
 * What an action says next to the control that started it (design.md §11): a success, announced
 * politely (role=status), or an error, announced at once (role=alert). `ActionMessage` shows it.
 * Results that carry more (the groups section's `Outcome`: where it shows, its row, its follow-up)
 * extend this type.
 */
export type ActionResult = { kind: 'success' | 'error'; text: string };

export const successResult = (text: string): ActionResult => ({ kind: 'success', text });
export const errorResult = (text: string): ActionResult => ({ kind: 'error', text });

/** A background answer as a result: `success` when it succeeded, else its error's message. */
export function resultOf<T>(result: Result<T>, success: string): ActionResult {
  return result.ok ? successResult(success) : errorResult(messageText(result.error.message));
}
