import { Alert } from '@/components/Alert';
import { CopyButton } from '@/components/CopyButton';
import { t } from '@/lib/i18n';
import type { AppError } from '@/lib/result';
import { messageText } from '@/lib/message-ref';

const SETTINGS_ERRORS = ['NOT_CONFIGURED', 'ACCESS_NOT_GRANTED', 'UNAUTHENTICATED', 'PERMISSION_DENIED'];

/** The service's error, in the popup's words where the popup knows better (one project per site). */
export function ProjectError({ error, onOpenSettings }: { error: AppError; onOpenSettings: () => void }) {
  const alreadyExists = error.code === 'ALREADY_EXISTS';
  return (
    <Alert>
      {alreadyExists
        ? error.relatedId
          ? t('siteAlreadyHasProjectWithId', error.relatedId)
          : t('siteAlreadyHasProject')
        : messageText(error.message)}
      {alreadyExists && error.relatedId && (
        <span className="actions">
          <CopyButton value={error.relatedId} label={t('copyExistingProjectId')} />
        </span>
      )}
      {SETTINGS_ERRORS.includes(error.code) && (
        <>
          {' '}
          <button type="button" onClick={onOpenSettings}>
            {t('openSettings')}
          </button>
        </>
      )}
    </Alert>
  );
}
