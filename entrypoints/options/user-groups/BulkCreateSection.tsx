import { useId, useMemo, useRef, useState } from 'react';
import { Alert } from '@/components/Alert';
import { TextField } from '@/components/TextField';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { startBulkCreate } from '@/lib/messaging/messages/registry-transfer-messages';
import { useBulkCreateStore } from '@/lib/stores/bulk-create-store';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import { parseBulkCsv } from '@/lib/user-groups/bulk-csv';
import { planBulkCreate } from '@/lib/user-groups/bulk-job';
import { DEFAULT_RATE_PER_MINUTE, DOCUMENTED_LIMIT_PER_MINUTE, estimateDurationMs, MAX_RATE_PER_MINUTE } from '@/lib/user-groups/bulk-pacing';
import { MAX_BULK_FILE_BYTES, type BulkRow } from '@/lib/user-groups/bulk-schema';
import type { RowProblem } from '@/lib/user-groups/import-csv';
import { useActiveWorkspace } from '../workspaces/use-active-workspace';
import { BulkCreateProgress } from './BulkCreateProgress';
import { describeGroup } from './describe-group';
import { fileTooLarge } from './file-size';
import { ProblemList } from './ImportPreview';

interface ChosenFile {
  fileName: string;
  rows: BulkRow[];
  problems: RowProblem[];
}

function checkRate(raw: string): { rate?: number; error?: string; warning?: string } {
  const rate = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || rate < 1 || rate > MAX_RATE_PER_MINUTE) return { error: t('bulkRateInvalid', String(MAX_RATE_PER_MINUTE)) };
  if (rate > DOCUMENTED_LIMIT_PER_MINUTE) return { rate, warning: t('bulkRateAboveLimit', String(rate), String(DOCUMENTED_LIMIT_PER_MINUTE)) };
  return { rate };
}

function formatDuration(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return seconds < 90 ? t('bulkDurationSeconds', String(seconds)) : t('bulkDurationMinutes', String(Math.ceil(seconds / 60)));
}

/** Create many groups from a CSV; the background does the work and keeps the job in storage. */
export function BulkCreateSection() {
  const { id: workspaceId } = useActiveWorkspace();
  const groups = useUserGroupStore((state) => state.groups);
  const loaded = useUserGroupStore((state) => state.loaded);
  const job = useBulkCreateStore((state) => state.job);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<ChosenFile>();
  const [fileError, setFileError] = useState<string>();
  const [rateText, setRateText] = useState(String(DEFAULT_RATE_PER_MINUTE));
  const [startError, setStartError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const plan = useMemo(() => chosen && planBulkCreate(chosen.rows, { groups }), [chosen, groups]);
  const rate = checkRate(rateText);
  const running = job?.status === 'running' || job?.status === 'paused';

  const choose = async (file: File | undefined) => {
    setFileError(undefined);
    setStartError(undefined);
    setChosen(undefined);
    if (!file) return;
    const tooLarge = fileTooLarge(file, MAX_BULK_FILE_BYTES);
    const parsed = tooLarge ? undefined : parseBulkCsv(await file.text());
    if (parsed?.ok) setChosen({ fileName: file.name, rows: parsed.rows, problems: parsed.problems });
    else setFileError(tooLarge ?? t('optionsFileProblem', file.name, parsed?.message ?? ''));
  };

  const start = async () => {
    if (!chosen || !plan || rate.rate === undefined) return;
    setBusy(true);
    const result = await sendMessage(startBulkCreate, { workspaceId, rows: chosen.rows, ratePerMinute: rate.rate });
    setBusy(false);
    if (!result.ok) {
      setStartError(result.error.message);
      return;
    }
    setStartError(undefined);
    setChosen(undefined);
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <section aria-labelledby="bulk-heading">
      <h2 id="bulk-heading">{t('bulkHeading')}</h2>
      <p className="hint">{t('bulkIntro')}</p>
      <div className="row-fields">
        <div className="field">
          <label htmlFor={inputId}>{t('bulkFile')}</label>
          <input id={inputId} ref={inputRef} type="file" accept=".csv,text/csv" disabled={!loaded} onChange={(event) => void choose(event.target.files?.[0])} />
        </div>
        <TextField
          label={t('bulkRate')}
          type="number"
          min={1}
          max={MAX_RATE_PER_MINUTE}
          value={rateText}
          onChange={setRateText}
          error={rate.error}
          hint={rate.warning ?? t('bulkRateHint', String(DOCUMENTED_LIMIT_PER_MINUTE), String(DEFAULT_RATE_PER_MINUTE))}
        />
      </div>
      {fileError && <Alert>{fileError}</Alert>}
      {chosen && plan && (
        <div role="group" className="preview" aria-labelledby="bulk-preview-heading">
          <h3 id="bulk-preview-heading">{t('bulkPreviewHeading', chosen.fileName)}</h3>
          <p aria-label={t('bulkSummary')}>
            {t('bulkCounts', plan.toCreate.length, chosen.problems.length, plan.alreadyInRegistry.length)}
            {plan.toCreate.length > 0 && rate.rate !== undefined && ` ${t('bulkEstimate', formatDuration(estimateDurationMs(plan.toCreate.length, rate.rate)))}`}
          </p>
          <ProblemList problems={chosen.problems} label={t('optionsInvalidRows')} />
          {plan.alreadyInRegistry.length > 0 && (
            <details>
              <summary>{t('bulkAlreadySummary', plan.alreadyInRegistry.length)}</summary>
              <ul aria-label={t('bulkAlreadyList')} className="preview-list">
                {plan.alreadyInRegistry.slice(0, 500).map((row) => (
                  <li key={row.line}>
                    {t('bulkAlreadyRow', String(row.line), describeGroup(row.name, row.environment, row.userGroupId))}
                  </li>
                ))}
              </ul>
            </details>
          )}
          <div className="actions">
            <button type="button" className="primary" disabled={busy || running || plan.toCreate.length === 0 || rate.rate === undefined} aria-busy={busy} onClick={() => void start()}>
              {t('bulkStart')}
            </button>
            {running && <span className="hint">{t('bulkAnotherRunning')}</span>}
          </div>
        </div>
      )}
      {startError && <Alert>{startError}</Alert>}
      {job && <BulkCreateProgress job={job} />}
    </section>
  );
}
