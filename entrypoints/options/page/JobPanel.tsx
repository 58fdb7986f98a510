import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { onDemand } from '@/components/on-demand';
import { useBulkCreateStore } from '@/lib/stores/bulk-create-store';
import { useRegisterPagesStore } from '@/lib/stores/register-pages-store';
import { t } from '@/lib/i18n';
import { isActive } from '@/lib/storage/jobs/job-progress-schema';
import { useJobPanelHeight } from './job-panel-height';
import { NotifyJobEnds } from './NotifyJobEnds';
import { RegisterJobLine } from './RegisterJobLine';

/**
 * The finished job whose panel the user closed, by id, for every options page of this browser (a page
 * preference, kept in the page's own storage: nothing the background needs). A new job shows again.
 */
const CLOSED_KEY = 'review-companion.closedJobPanel';

const closedJob = () => localStorage.getItem(CLOSED_KEY);

// The job screen's code arrives when there is a job to show, not with the page's first screen.
const GroupJobProgress = onDemand(async () => (await import('../sections/groups/GroupJobProgress')).GroupJobProgress);

/**
 * The shown workspace's jobs, pinned at the bottom of the window on every section (design.md §14): a
 * running user-group job's progress, its failures and controls, and a finished one's outcome with Retry
 * failed, until the user closes it; a running register-pages job's line (its controls are in Projects);
 * and **Notify me when a job ends**, where a user who has just started a job sees it.
 * The page keeps room for it below its content, so nothing hides under it.
 */
export function JobPanel() {
  const job = useBulkCreateStore((state) => state.job);
  const registerJob = useRegisterPagesStore((state) => state.job);
  // Which finished job's panel was closed: read once there is a finished job to decide on, not at every
  // page start (a page's first localStorage read costs milliseconds before its first screen).
  const [closedHere, setClosed] = useState<{ id: string | null }>();
  const panel = useRef<HTMLElement>(null);
  const jobId = job?.id;
  const finished = jobId !== undefined && !isActive(job);
  const closed = finished ? (closedHere ?? { id: closedJob() }).id : undefined;
  const groupJobShown = jobId !== undefined && (isActive(job) || closed !== jobId);
  const registering = isActive(registerJob) ? registerJob : undefined;
  const shown = groupJobShown || registering !== undefined;

  useLayoutEffect(() => {
    const element = panel.current;
    const publish = () => {
      const height = element ? Math.ceil(element.getBoundingClientRect().height) : 0;
      if (useJobPanelHeight.getState().height !== height) useJobPanelHeight.setState({ height });
      document.documentElement.style.setProperty('--job-panel-space', `${height}px`);
    };
    publish();
    if (!element) return;
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      useJobPanelHeight.setState({ height: 0 });
      document.documentElement.style.setProperty('--job-panel-space', '0px');
    };
  }, [shown]);

  // A job started again after its panel was closed (Resume) shows again.
  useEffect(() => {
    if (job && isActive(job) && closedJob() === job.id) localStorage.removeItem(CLOSED_KEY);
  }, [job]);
  // Closed in another options page: closed here too. Followed only while a finished job's panel is in
  // question: Chromium opens the page's localStorage when a `storage` listener is added (about 6 ms in
  // the task that draws the first screen, trace of 2026-11-26), and a running job cannot be closed.
  useEffect(() => {
    if (!finished) return;
    const onStorage = (event: StorageEvent) => event.key === CLOSED_KEY && setClosed({ id: event.newValue });
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [finished]);

  if (!shown) return null;
  const close = () => {
    if (jobId === undefined) return;
    localStorage.setItem(CLOSED_KEY, jobId);
    setClosed({ id: jobId });
    // Focus was on Close, which is gone: the section's heading takes it (as when arriving on a section).
    document.querySelector<HTMLElement>('main h2')?.focus();
  };

  return (
    <section ref={panel} id="job-panel" className="job-panel" aria-label={t('jobIndicatorLabel')} tabIndex={-1}>
      <div className="job-panel-inner">
        {registering && <RegisterJobLine job={registering} />}
        {groupJobShown && job && <GroupJobProgress job={job} onClose={isActive(job) ? undefined : close} />}
        <NotifyJobEnds />
      </div>
    </section>
  );
}
