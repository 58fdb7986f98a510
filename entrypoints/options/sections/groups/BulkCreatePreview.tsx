import { useMemo } from 'react';
import { Alert } from '@/components/Alert';
import { plural, t } from '@/lib/i18n';
import { messageText } from '@/lib/message-ref';
import { sendMessage } from '@/lib/messaging/client';
import { startBulkCreate } from '@/lib/messaging/messages/registry-transfer-messages';
import { isActive } from '@/lib/storage/bulk-job/bulk-job-schema';
import { useBulkCreateStore } from '@/lib/stores/bulk-create-store';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import { parseBulkCsv } from '@/lib/user-groups/transfer/bulk-csv';
import { planBulkCreate } from '@/lib/user-groups/bulk/bulk-job';
import { CutList } from '../../shared/CutList';
import { formatEstimate } from '../../shared/job/job-pace';
import { JobPreview } from '../../shared/job/JobPreview';
import { useActiveWorkspace } from '../../shared/use-active-workspace';
import { describeGroup } from './describe-group';
import { ProblemList } from './ImportPreview';

interface BulkCreatePreviewProps {
  fileName: string;
  text: string;
  /** The chosen rate; undefined while the field holds no valid rate. */
  rate: number | undefined;
  /** The job started with this many rows to send. */
  onStarted: (count: number) => void;
  onProblem: (message: string) => void;
}

/** What a bulk-create CSV would do, and the button that starts it ("Create 60 groups (~24 s)"). */
export function BulkCreatePreview({ fileName, text, rate, onStarted, onProblem }: BulkCreatePreviewProps) {
  const { id: workspaceId } = useActiveWorkspace();
  const groups = useUserGroupStore((state) => state.groups);
  const running = useBulkCreateStore((state) => isActive(state.job));
  const parsed = useMemo(() => parseBulkCsv(text), [text]);
  const plan = useMemo(() => parsed.ok && planBulkCreate(parsed.rows, { groups }), [parsed, groups]);
  if (!parsed.ok || !plan)
    return <Alert>{t('optionsFileProblem', fileName, parsed.ok ? '' : messageText(parsed.message))}</Alert>;
  const count = plan.toCreate.length;

  return (
    <JobPreview
      kind="bulk"
      heading={t('bulkPreviewHeading', fileName)}
      summaryLabel={t('bulkSummary')}
      counts={t(
        'bulkCounts',
        plural('bulkCountToCreate', count),
        plural('bulkCountInvalid', parsed.problems.length),
        plural('bulkCountSkipped', plan.alreadyInRegistry.length),
      )}
      count={count}
      rate={rate}
      startLabel={plural('bulkStart', count, formatEstimate(count, rate ?? 1))}
      running={running}
      runningHint={t('bulkAnotherRunning')}
      start={(ratePerMinute) => sendMessage(startBulkCreate, { workspaceId, rows: parsed.rows, ratePerMinute })}
      onStarted={onStarted}
      onProblem={onProblem}
    >
      <ProblemList problems={parsed.problems} label={t('optionsInvalidRows')} />
      {plan.alreadyInRegistry.length > 0 && (
        <CutList
          folded={t('bulkAlreadySummary', plan.alreadyInRegistry.length)}
          items={plan.alreadyInRegistry}
          itemKey={(row) => row.line}
          label={t('bulkAlreadyList')}
          render={(row) =>
            t('bulkAlreadyRow', String(row.line), describeGroup(row.name, row.environment, row.userGroupId))
          }
        />
      )}
    </JobPreview>
  );
}
