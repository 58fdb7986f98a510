import { Alert } from '@/components/Alert';
import { t } from '@/lib/i18n';
import { storageNoticesItem } from '@/lib/storage/notices-item';

/** Stored data that had to be reset is reported here until the user dismisses it. */
export function StorageNotices({ notices }: { notices: string[] }) {
  if (notices.length === 0) return null;
  return (
    <Alert>
      <ul>
        {notices.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </ul>
      <button type="button" onClick={() => void storageNoticesItem.setValue([])}>
        {t('optionsDismiss')}
      </button>
    </Alert>
  );
}
