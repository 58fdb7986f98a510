import { useMemo, useState } from 'react';
import { errorResult, resultOf, successResult, type ActionResult } from '@/components/action-result';
import { ActionMessage } from '@/components/ActionMessage';
import { downloadFile } from '@/components/download-file';
import { OpenProjectLink } from '@/components/OpenProjectLink';
import { plural, t, type MessageKey } from '@/lib/i18n';
import { canResume, doneCount, remainingCount } from '@/lib/jobs/job-queue';
import { messageText } from '@/lib/message-ref';
import { sendMessage } from '@/lib/messaging/client';
import {
  cancelRegisterPages,
  resumeRegisterPages,
  startRegisterPages,
} from '@/lib/messaging/messages/register-pages-messages';
import { pageCounts, pagesToRetry } from '@/lib/projects/register-job';
import {
  pageResults,
  registerResultsCsv,
  registerResultsFileName,
  type PageResult,
} from '@/lib/projects/register-results';
import type { RegisterJob } from '@/lib/storage/register-job/register-job-schema';
import { useRegisterPagesStore } from '@/lib/stores/register-pages-store';
import { useConnectionStore } from '@/lib/stores/connection-store';
import { projectLinkFor } from '@/lib/api/project-link';
import { useActiveWorkspace } from '../../shared/use-active-workspace';

/** Long results are cut here on the page; Export results has them all. */
const SHOWN = 500;

const OUTCOME_TEXT: Record<PageResult['outcome'], MessageKey> = {
  registered: 'outcomeRegistered',
  existed: 'outcomeExisted',
  failed: 'outcomeFailed',
  unknown: 'outcomeUnknown',
  pending: 'outcomePending',
};

function describeState(job: RegisterJob): string {
  const notSent = remainingCount(job);
  switch (job.status) {
    case 'running':
      if (job.rateLimitedUntil !== undefined)
        return t('bulkRateLimited', new Date(job.rateLimitedUntil).toLocaleTimeString());
      return job.ratePerMinute === null ? t('bulkRunningUnthrottled') : t('bulkRunningAt', String(job.ratePerMinute));
    case 'paused':
      return t('bulkPaused', job.message ? messageText(job.message) : t('bulkPausedWaiting'));
    case 'cancelled':
      return notSent === 0 ? t('bulkCancelled') : plural('bulkCancelledRows', notSent);
    case 'done':
      return t('bulkDone');
  }
}

/**
 * The workspace's register-pages job as the background last wrote it (any options page shows the
 * same): progress, Cancel / Resume / Retry failed, Export results, and each page's outcome.
 */
export function RegisterPagesProgress({ job }: { job: RegisterJob }) {
  const workspace = useActiveWorkspace();
  const rows = useRegisterPagesStore((state) => state.rows);
  const projectLink = useConnectionStore((state) => state.status?.projectLink);
  const [result, setResult] = useState<ActionResult>();
  const [busy, setBusy] = useState(false);
  const active = job.status === 'running' || job.status === 'paused';
  const { ratePerMinute } = job;
  const counts = pageCounts(job);
  const done = doneCount(job);
  const results = useMemo(() => pageResults(job, rows), [job, rows]);
  const toRetry = useMemo(() => pagesToRetry(job, rows), [job, rows]);

  const act = async (action: () => Promise<ActionResult>) => {
    setResult(undefined);
    setBusy(true);
    setResult(await action());
    setBusy(false);
  };

  const exportResults = (): ActionResult => {
    if (results.length === 0) return errorResult(t('jobRowsUnreadable'));
    downloadFile({
      fileName: registerResultsFileName(workspace.name, new Date()),
      mimeType: 'text/csv',
      text: registerResultsCsv(results, projectLink),
    });
    return successResult(plural('registerExported', results.length));
  };

  return (
    <div
      role="group"
      aria-labelledby="register-progress-heading"
      className="bulk-progress"
      id="register-progress"
      tabIndex={-1}
    >
      <h3 id="register-progress-heading">{active ? t('jobKindRegister') : t('registerLast')}</h3>
      <progress aria-label={t('registerProgress')} max={Math.max(job.total, 1)} value={job.total === 0 ? 1 : done} />
      <p aria-live="polite" className="register-counts">
        {t('registerProgressCounts', done, job.total, counts.registered, counts.existed, counts.failed, counts.unknown)}
        {job.skipped > 0 && ` ${plural('registerProgressSkipped', job.skipped)}`}
      </p>
      <p className="hint">{describeState(job)}</p>
      <div className="actions">
        {active && (
          <button
            type="button"
            className="danger"
            disabled={busy}
            onClick={() =>
              void act(async () =>
                resultOf(
                  await sendMessage(cancelRegisterPages, { workspaceId: workspace.id }),
                  t('jobCancelRequested'),
                ),
              )
            }
          >
            {t('jobCancelLabel')}
          </button>
        )}
        {canResume(job) && (
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void act(async () =>
                resultOf(await sendMessage(resumeRegisterPages, { workspaceId: workspace.id }), t('jobResumed')),
              )
            }
          >
            {t('bulkResume')}
          </button>
        )}
        {!active && toRetry.length > 0 && (
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void act(async () =>
                resultOf(
                  await sendMessage(startRegisterPages, {
                    workspaceId: workspace.id,
                    pages: toRetry,
                    skipped: 0,
                    ratePerMinute,
                  }),
                  plural('registerRetryStarted', toRetry.length),
                ),
              )
            }
          >
            {t('jobRetryFailed')}
          </button>
        )}
        <button
          type="button"
          disabled={busy || results.length === 0}
          onClick={() => void act(() => Promise.resolve(exportResults()))}
        >
          {t('registerExport')}
        </button>
      </div>
      <div aria-live="polite">{result?.kind === 'success' && <ActionMessage result={result} />}</div>
      {result?.kind === 'error' && <ActionMessage result={result} />}
      {results.length > 0 && (
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
              {results.slice(0, SHOWN).map((page) => {
                const link = projectLinkFor(projectLink, page.projectId);
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
                          <OpenProjectLink href={link} projectName={page.name} />
                        </>
                      )}
                      {page.message && ` ${messageText(page.message)}`}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {results.length > SHOWN && <p className="hint">{plural('optionsListMore', results.length - SHOWN)}</p>}
        </div>
      )}
    </div>
  );
}
