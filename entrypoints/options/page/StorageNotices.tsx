import { Alert } from '@/components/Alert';
import { t } from '@/lib/i18n';
import { messageText, type MessageRef } from '@/lib/message-ref';
import { sendMessage } from '@/lib/messaging/client';
import { dismissStorageNotices } from '@/lib/messaging/messages/notice-messages';

/**
 * Stored data that had to be reset is reported here until the user dismisses it. Dismissing asks the
 * background to remove exactly the notices shown, so one it adds meanwhile is kept and shown next.
 */
export function StorageNotices({ notices }: { notices: MessageRef[] }) {
  if (notices.length === 0) return null;
  return (
    <Alert>
      <ul>
        {notices.map((notice) => (
          <li key={JSON.stringify(notice)}>{messageText(notice)}</li>
        ))}
      </ul>
      <button type="button" onClick={() => void sendMessage(dismissStorageNotices, { notices })}>
        {t('optionsDismiss')}
      </button>
    </Alert>
  );
}
