import { isActive } from '@/lib/storage/bulk-job/bulk-job-schema';
import { useMemo, useState } from 'react';
import { errorResult, type ActionResult } from '@/components/action-result';
import { Alert } from '@/components/Alert';
import { plural, t } from '@/lib/i18n';
import { messageText } from '@/lib/message-ref';
import { sendMessage } from '@/lib/messaging/client';
import { startBulkCreate } from '@/lib/messaging/messages/registry-transfer-messages';
import { useBulkCreateStore } from '@/lib/stores/bulk-create-store';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import { parseBulkCsv } from '@/lib/user-groups/transfer/bulk-csv';
import { planBulkCreate } from '@/lib/user-groups/bulk/bulk-job';
import { useActiveWorkspace } from '../../shared/use-active-workspace';
import { describeGroup } from './describe-group';
import { ProblemList } from './ImportPreview';
import { formatEstimate } from '../../shared/job-pace';

interface BulkCreatePreviewProps {
  fileName: string;
  text: string;
  /** The chosen rate; undefined while the field holds no valid rate. */
  rate: number | undefined;
  /** The job started with this many rows to send. */
  onStarted: (count: number) => void;
  onOutcome: (outcome: ActionResult) => void;
}

/** What a bulk-create CSV would do, and the button that starts it ("Create 60 groups (~24 s)"). */
export function BulkCreatePreview({ fileName, text, rate, onStarted, onOutcome }: BulkCreatePreviewProps) {
  const { id: workspaceId } = useActiveWorkspace();
  const groups = useUserGroupStore((state) => state.groups);
  const running = useBulkCreateStore((state) => isActive(state.job));
  const [busy, setBusy] = useState(false);
  const parsed = useMemo(() => parseBulkCsv(text), [text]);
  const plan = useMemo(() => parsed.ok && planBulkCreate(parsed.rows, { groups }), [parsed, groups]);
  if (!parsed.ok || !plan)
    return <Alert>{t('optionsFileProblem', fileName, parsed.ok ? '' : messageText(parsed.message))}</Alert>;
  const count = plan.toCreate.length;

  const start = async () => {
    if (rate === undefined) return;
    setBusy(true);
    const result = await sendMessage(startBulkCreate, { workspaceId, rows: parsed.rows, ratePerMinute: rate });
    setBusy(false);
    if (result.ok) onStarted(result.value.total);
    else onOutcome(errorResult(messageText(result.error.message)));
  };

  return (
    <div role="group" className="preview" aria-labelledby="bulk-preview-heading">
      <h3 id="bulk-preview-heading">{t('bulkPreviewHeading', fileName)}</h3>
      <p aria-label={t('bulkSummary')}>
        {t('bulkCounts', count, parsed.problems.length, plan.alreadyInRegistry.length)}
        {count > 0 && rate !== undefined && ` ${t('bulkEstimate', formatEstimate(count, rate))}`}
      </p>
      <ProblemList problems={parsed.problems} label={t('optionsInvalidRows')} />
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
        <button
          type="button"
          className="primary"
          disabled={busy || running || count === 0 || rate === undefined}
          aria-busy={busy}
          onClick={() => void start()}
        >
          {plural('bulkStart', count, formatEstimate(count, rate ?? 1))}
        </button>
        {running && <span className="hint">{t('bulkAnotherRunning')}</span>}
      </div>
    </div>
  );
}
