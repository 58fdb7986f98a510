import { Alert } from '@/components/Alert';
import { CopyButton } from '@/components/CopyButton';
import { t } from '@/lib/i18n';
import type { AppError } from '@/lib/result';
import { messageText } from '@/lib/message-ref';
import { OpenProjectLink } from '@/components/OpenProjectLink';
import type { ProjectLink } from '@/lib/api/project-link';

const SETTINGS_ERRORS = ['NOT_CONFIGURED', 'ACCESS_NOT_GRANTED', 'UNAUTHENTICATED', 'PERMISSION_DENIED'];

interface ProjectErrorProps {
  error: AppError;
  /** The existing project's page, when the service named it (ALREADY_EXISTS) and the workspace has a project link. */
  existingLink?: ProjectLink | undefined;
  onOpenSettings: () => void;
}

/** The service's error, in the popup's words where the popup knows better (one project per site). */
export function ProjectError({ error, existingLink, onOpenSettings }: ProjectErrorProps) {
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
          <OpenProjectLink className="button" link={existingLink} />
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
