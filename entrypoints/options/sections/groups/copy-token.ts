import { requestClipboardAccess } from '@/lib/clipboard/clipboard-access';
import { fingerprintOf } from '@/lib/clipboard/clipboard-fingerprint';
import { t, uiLanguage } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { clearClipboardLater } from '@/lib/messaging/messages/clipboard-messages';
import { useClipboardClearStore } from '@/lib/stores/clipboard-clear-store';
import { shortDuration } from '@/lib/time/short-duration';

/** "30 sec", "2 min": a choice of Clear clipboard after, in the UI language. */
export const clearAfterText = (seconds: number) => shortDuration(seconds, uiLanguage());

/**
 * Copy token's clearing (design.md §15), as CopyButton's `prepare`: started first in the click, where
 * it asks for the clipboard permissions unless they are held (Never: nothing is asked).
 * Once the token is copied, the background is asked to clear the clipboard after the chosen time if it
 * still holds that token, told only a salted fingerprint of it. Answers what to say beside the button.
 */
export async function prepareClipboardClear(): Promise<(token: string) => Promise<string>> {
  const { seconds, accessHeld } = useClipboardClearStore.getState();
  const granted = seconds > 0 && (await requestClipboardAccess(accessHeld));
  return async (token) => {
    if (seconds === 0) return t('copied');
    if (!granted) return t('copiedNotCleared');
    const answer = await sendMessage(clearClipboardLater, { fingerprint: await fingerprintOf(token), seconds });
    return answer.ok ? t('copiedClearedAfter', clearAfterText(seconds)) : t('copiedNotCleared');
  };
}
