import { useState, type ReactNode } from 'react';
import { t } from '@/lib/i18n';
import { messageText } from '@/lib/message-ref';
import type { Result } from '@/lib/result';
import { unlockAndRetry } from '../unlock-in-place';
import { formatEstimate } from './job-pace';

interface JobPreviewProps {
  /** Names its heading's id, `<kind>-preview-heading`. */
  kind: 'bulk' | 'register';
  heading: string;
  /** The summary's accessible name ("What will be registered") and its counts, before the estimate. */
  summaryLabel: string;
  counts: string;
  /** How many rows the job would send, at the rate of the Requests per minute field (undefined: none valid). */
  count: number;
  rate: number | undefined;
  /** "Create 60 groups (~24 s)", "Register 42 pages". */
  startLabel: string;
  /** Another job of this kind is under way (this one cannot start), and the hint that says so. */
  running: boolean;
  runningHint: string;
  /** Sends the start at this rate; the background answers how many rows it will send. */
  start: (rate: number) => Promise<Result<{ total: number }>>;
  onStarted: (total: number) => void;
  onProblem: (message: string) => void;
  /** What the summary leaves out: the rows left out and why, each list cut at SHOWN_ROWS. */
  children?: ReactNode;
}

/** What a job would do before anything is sent (its counts and how long it takes), and the button that starts it. */
export function JobPreview(props: JobPreviewProps) {
  const { kind, heading, summaryLabel, counts, count, rate, startLabel, running, runningHint } = props;
  const [busy, setBusy] = useState(false);
  const headingId = `${kind}-preview-heading`;

  const start = async () => {
    if (rate === undefined || count === 0) return;
    setBusy(true);
    // Locked, a job cannot start (its rows need a secret): unlock in place, then it starts, with the
    // rows the page holds as they were (issue 41).
    const result = await unlockAndRetry(startLabel, () => props.start(rate));
    setBusy(false);
    if (result.ok) props.onStarted(result.value.total);
    else props.onProblem(messageText(result.error.message));
  };

  return (
    <div role="group" className="preview" aria-labelledby={headingId}>
      <h3 id={headingId}>{heading}</h3>
      <p aria-label={summaryLabel}>
        {counts}
        {count > 0 && rate !== undefined && ` ${t('bulkEstimate', formatEstimate(count, rate))}`}
      </p>
      {props.children}
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={busy || running || count === 0 || rate === undefined}
          aria-busy={busy}
          onClick={() => void start()}
        >
          {startLabel}
        </button>
        {running && <span className="hint">{runningHint}</span>}
      </div>
    </div>
  );
}
