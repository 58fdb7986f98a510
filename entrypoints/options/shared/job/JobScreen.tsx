import { useState } from 'react';
import { errorResult, resultOf } from '@/components/action-result';
import { LiveActionMessage } from '@/components/ActionMessage';
import { t } from '@/lib/i18n';
import { messageText } from '@/lib/message-ref';
import { canResume, doneCount } from '@/lib/jobs/job-queue';
import { sendMessage } from '@/lib/messaging/client';
import { isActive, type JobProgress } from '@/lib/storage/jobs/job-progress-schema';
import { unlockAndRetry } from '../unlock-in-place';
import { useActiveWorkspace } from '../use-active-workspace';
import { describeJobState } from './job-state';
import { whileItsJobRuns, type JobStartResult } from './GoToJobButton';
import type { JobControl, JobMessage, JobView } from './job-view';

interface JobScreenProps {
  /** The job as the background last wrote it: any options page shows the same. */
  job: JobProgress;
  view: JobView;
  /** h2 in the job panel (page/JobPanel.tsx), h3 inside a section. */
  headingLevel: 2 | 3;
  /** A finished job's screen can be closed (until the next job). */
  onClose?: () => void;
}

/**
 * Every background job, whatever it sends (design.md §12, §14): its heading, the progress bar, its
 * counts and state, Cancel job / Resume / Retry failed and its kind's own controls, and its rows'
 * outcomes. A control's result shows next to the controls, in a live region, and goes when the next
 * action starts or another job takes this one's place.
 */
export function JobScreen({ job, view, headingLevel, onClose }: JobScreenProps) {
  const { id: workspaceId } = useActiveWorkspace();
  // A control's result belongs to this job: a new job (started here or elsewhere) shows none of it.
  // A control's result belongs to this job: another job in its place (started here or elsewhere) shows
  // none of it; but Retry failed's ("Retrying 2 failed rows.") is the new job's, while that job runs.
  const [said, setSaid] = useState<{ jobId: string; result: JobStartResult | undefined }>();
  const result = said?.result?.jobStarted
    ? whileItsJobRuns(said.result, job)
    : said?.jobId === job.id
      ? said.result
      : undefined;
  const setResult = (next: JobStartResult | undefined) => setSaid({ jobId: job.id, result: next });
  const [busy, setBusy] = useState(false);
  const [unfolded, setUnfolded] = useState<boolean>();
  const active = isActive(job);
  const state = describeJobState(job);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `${view.kind}-progress-heading`;
  const resultsId = `${view.kind}-results`;
  const { results } = view;
  const resultsShown = results !== undefined && (results.fold === undefined || (unfolded ?? !active));
  const send = (message: JobMessage, done: string) => async () =>
    resultOf(await sendMessage(message, { workspaceId }), done);
  /**
   * Resume goes on only when the job can (job-runner.ts): locked, it offers to unlock in place first;
   * once going, the job's state line says so, and nothing else does (one state, said once, issue 41).
   * A cause that remains (no access, no credentials) is the answer; an unlock cancelled says nothing.
   */
  const resume = async () => {
    const answer = await unlockAndRetry(t('bulkResume'), () => sendMessage(view.messages.resume, { workspaceId }));
    return answer.ok || answer.error.code === 'LOCKED' ? undefined : errorResult(messageText(answer.error.message));
  };
  const retryFailed = (retry: NonNullable<JobView['retry']>) => async (): Promise<JobStartResult> => {
    const started = await retry();
    return started.kind === 'success' ? { ...started, jobStarted: true } : started;
  };
  const controls: (JobControl & { danger?: boolean })[] = [
    ...(active
      ? [{ label: t('jobCancelLabel'), run: send(view.messages.cancel, t('jobCancelRequested')), danger: true }]
      : []),
    ...(canResume(job) ? [{ label: t('bulkResume'), run: resume }] : []),
    ...(!active && view.retry ? [{ label: t('jobRetryFailed'), run: retryFailed(view.retry) }] : []),
    ...view.more,
  ];

  const act = async (run: JobControl['run']) => {
    setResult(undefined);
    setBusy(true);
    setResult(await run());
    setBusy(false);
  };

  return (
    <div role="group" aria-labelledby={headingId} className="job-progress" id={`${view.kind}-progress`} tabIndex={-1}>
      <div className="job-line">
        <Heading id={headingId}>{view.heading}</Heading>
        <progress
          aria-label={view.progressLabel}
          max={Math.max(job.total, 1)}
          value={job.total === 0 ? 1 : doneCount(job)}
        />
        <p className={`job-counts ${view.kind}-counts`}>{view.counts}</p>
      </div>
      <p className="hint job-state">{state}</p>
      {/* Said when the job's state changes (started, paused, ended), not at every row. */}
      <p className="visually-hidden" aria-live="polite">
        {active ? `${view.heading}. ${state}` : `${view.heading}. ${state} ${view.counts}`}
      </p>
      <div className="actions">
        {controls.map((control) => (
          <button
            key={control.label}
            type="button"
            className={control.danger ? 'danger' : undefined}
            disabled={busy || control.disabled}
            onClick={() => void act(control.run)}
          >
            {control.label}
          </button>
        ))}
        {results?.fold !== undefined && (
          <button
            type="button"
            className="link"
            aria-expanded={resultsShown}
            aria-controls={resultsId}
            onClick={() => setUnfolded(!resultsShown)}
          >
            {results.fold}
          </button>
        )}
        {onClose && (
          <button type="button" className="job-close" onClick={onClose}>
            {t('jobPanelClose')}
          </button>
        )}
      </div>
      <LiveActionMessage result={result} />
      {resultsShown && <div id={resultsId}>{results.content}</div>}
    </div>
  );
}
