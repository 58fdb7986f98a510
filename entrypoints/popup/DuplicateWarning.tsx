import type { Ref } from 'react';
import { formatDateTime, plural, t } from '@/lib/i18n';
import type { DuplicateReport } from '@/lib/projects/find-duplicates';
import { projectLinkOf } from '@/lib/api/project-link';
import { OpenProjectLink } from '@/components/OpenProjectLink';
import { sameSiteNote } from './same-site-note';

interface DuplicateWarningProps {
  id: string;
  report: DuplicateReport;
  /** The reviewer pressed Register again for this address. */
  confirmed: boolean;
  onConfirm: () => void;
  confirmRef?: Ref<HTMLButtonElement>;
  /** The workspace's project link template: Open project for the earlier registration, when set. */
  projectLink?: string | undefined;
}

/**
 * What the history knows about the address in the form: the same page registered before (its project,
 * with Open project when the workspace has a project link; confirmed before Create project works
 * again), and other registered pages of its site.
 */
export function DuplicateWarning({ id, report, confirmed, onConfirm, confirmRef, projectLink }: DuplicateWarningProps) {
  const [latest] = report.samePage;
  const sameSite = sameSiteNote(report);
  const link = latest && projectLinkOf(projectLink, latest.projectId);

  if (!latest) {
    return (
      <p id={id} className="hint">
        {sameSite}
      </p>
    );
  }
  return (
    <section id={id} className="warning" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('duplicateHeading')}</h2>
      <p>{t('duplicateEarlier', formatDateTime(latest.createdAt), latest.projectName, latest.projectId)}</p>
      {link && (
        <p className="actions">
          <OpenProjectLink className="button" link={link} projectName={latest.projectName} />
        </p>
      )}
      {report.samePage.length > 1 && <p>{plural('duplicateTimes', report.samePage.length)}</p>}
      {sameSite && <p>{sameSite}</p>}
      {confirmed ? (
        <p>{t('registerAgainConfirmed')}</p>
      ) : (
        <>
          <p>{t('duplicateAsk')}</p>
          <button ref={confirmRef} type="button" onClick={onConfirm}>
            {t('registerAgain')}
          </button>
        </>
      )}
    </section>
  );
}
