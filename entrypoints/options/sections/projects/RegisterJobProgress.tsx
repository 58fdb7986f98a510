import { useMemo } from 'react';
import { errorResult, resultOf, successResult } from '@/components/action-result';
import { downloadFile } from '@/components/download-file';
import { OpenProjectLink } from '@/components/OpenProjectLink';
import { projectLinkOf } from '@/lib/api/project-link';
import { plural, t, type MessageKey } from '@/lib/i18n';
import { messageText } from '@/lib/message-ref';
import { sendMessage } from '@/lib/messaging/client';
import {
  cancelRegisterPages,
  resumeRegisterPages,
  startRegisterPages,
} from '@/lib/messaging/messages/register-pages-messages';
import { pagesToRetry } from '@/lib/projects/register-job';
import { registerCountsText } from '@/lib/projects/register-job-text';
import {
  pageResults,
  registerResultsCsv,
  registerResultsFileName,
  type PageResult,
} from '@/lib/projects/register-results';
import { isActive } from '@/lib/storage/jobs/job-progress-schema';
import type { RegisterJob } from '@/lib/storage/register-job/register-job-schema';
import { useConnectionStore } from '@/lib/stores/connection-store';
import { useRegisterPagesStore } from '@/lib/stores/register-pages-store';
import { MoreRows, SHOWN_ROWS } from '../../shared/CutList';
import { JobScreen } from '../../shared/job/JobScreen';
import type { JobView } from '../../shared/job/job-view';
import { unlockAndRetry } from '../../shared/unlock-in-place';
import { useActiveWorkspace } from '../../shared/use-active-workspace';

const OUTCOME_TEXT: Record<PageResult['outcome'], MessageKey> = {
  registered: 'outcomeRegistered',
  existed: 'outcomeExisted',
  failed: 'outcomeFailed',
  unknown: 'outcomeUnknown',
  pending: 'outcomePending',
};

/** Each page's outcome so far, the first SHOWN_ROWS of them (Export results has them all). */
function RegisterResults({ results, projectLink }: { results: readonly PageResult[]; projectLink?: string }) {
  return (
    <div className="table-scroll">
      <table className="register-results">
        <caption>{t('registerResults')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('registerColumnAddress')}</th>
            <th scope="col">{t('registerColumnOutcome')}</th>
            <th scope="col">{t('registerColumnDetail')}</th>
          </tr>
        </thead>
        <tbody>
          {results.slice(0, SHOWN_ROWS).map((page) => {
            const link = projectLinkOf(projectLink, page.projectId);
            return (
              <tr key={page.row} data-outcome={page.outcome}>
                <td>
                  <span className="register-url">{page.url}</span>
                  <span className="hint"> {page.name}</span>
                </td>
                <td>{t(OUTCOME_TEXT[page.outcome])}</td>
                <td>
                  {page.projectId && <code>{page.projectId}</code>}
                  {link && (
                    <>
                      {' '}
                      <OpenProjectLink link={link} projectName={page.name} />
                    </>
                  )}
                  {page.message && ` ${messageText(page.message)}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <MoreRows total={results.length} as="p" />
    </div>
  );
}

/** A register-pages job on the job screen: Retry failed sends its failed and unknown pages again; Export results. */
function useRegisterJobView(job: RegisterJob): JobView {
  const workspace = useActiveWorkspace();
  const rows = useRegisterPagesStore((state) => state.rows);
  const projectLink = useConnectionStore((state) => state.status?.projectLink);
  const results = useMemo(() => pageResults(job, rows), [job, rows]);
  const toRetry = useMemo(() => pagesToRetry(job, rows), [job, rows]);
  const counts = registerCountsText(job);

  const exportResults = () => {
    if (results.length === 0) return errorResult(t('jobRowsUnreadable'));
    downloadFile({
      fileName: registerResultsFileName(workspace.name, new Date()),
      mimeType: 'text/csv',
      text: registerResultsCsv(results, projectLink),
    });
    return successResult(plural('registerExported', results.length));
  };
  // Locked, the job cannot start (it needs the API key): unlock in place, then it starts.
  const retry = async () =>
    resultOf(
      await unlockAndRetry(t('jobRetryFailed'), () =>
        sendMessage(startRegisterPages, {
          workspaceId: workspace.id,
          pages: toRetry,
          skipped: 0,
          ratePerMinute: job.ratePerMinute,
        }),
      ),
      plural('registerRetryStarted', toRetry.length),
    );

  return {
    kind: 'register',
    heading: isActive(job) ? t('jobKindRegister') : t('registerLast'),
    progressLabel: t('registerProgress'),
    counts: job.skipped > 0 ? `${counts} ${plural('registerProgressSkipped', job.skipped)}` : counts,
    messages: { cancel: cancelRegisterPages, resume: resumeRegisterPages },
    retry: toRetry.length > 0 ? retry : undefined,
    more: [{ label: t('registerExport'), run: exportResults, disabled: results.length === 0 }],
    results:
      results.length > 0 ? { content: <RegisterResults results={results} projectLink={projectLink} /> } : undefined,
  };
}

/**
 * The workspace's register-pages job as the background last wrote it (any options page shows the
 * same), in Projects: its progress and controls, and each page's outcome.
 */
export function RegisterJobProgress({ job }: { job: RegisterJob }) {
  return <JobScreen job={job} view={useRegisterJobView(job)} headingLevel={3} />;
}
