import { entrySubject } from '@/lib/activity/activity-view';
import { formatDateTime, t, type MessageKey } from '@/lib/i18n';
import type { ActivityEntry, ActivityKind, ActivityOutcome } from '@/lib/storage/activity/activity-schema';
import { useBoxRows } from '../../shared/table/use-box-rows';
import { textColumns, VirtualTable } from '../../shared/table/VirtualTable';

const ROW_HEIGHT = 52;

const OUTCOME: Record<ActivityOutcome, MessageKey> = {
  done: 'activityOutcomeDone',
  failed: 'activityOutcomeFailed',
  unknown: 'activityOutcomeUnknown',
};

const COLUMNS = [
  'activityColumnEntry',
  'activityColumnTime',
  'activityColumnWorkspace',
  'activityColumnWhat',
  'activityColumnOutcome',
  'activityColumnFingerprint',
] as const;

/** The activity log in a box of its own: only the rows in view are in the DOM, however long it is (20,000 entries). */
export function ActivityTable({
  entries,
  kindLabel,
}: {
  entries: readonly ActivityEntry[];
  kindLabel: (kind: ActivityKind) => string;
}) {
  const body = useBoxRows(entries.length, { rowHeight: ROW_HEIGHT, maxRows: 12 });
  return (
    <VirtualTable
      name="activity"
      label={t('activityTable')}
      columns={textColumns(COLUMNS)}
      rows={entries}
      rowKey={(entry) => entry.seq}
      body={body}
      renderRow={(entry, ariaRowIndex) => {
        const subject = entrySubject(entry);
        return (
          <div role="row" aria-rowindex={ariaRowIndex} className={`activity-row outcome-${entry.outcome}`}>
            <div role="cell" className="activity-seq">
              {entry.seq}
            </div>
            <div role="cell">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </div>
            <div role="cell" className="cell-wrap">
              {entry.workspace?.name ?? ''}
            </div>
            <div role="cell" className="cell-wrap">
              <strong>{kindLabel(entry.kind)}</strong>
              {subject && <span className="activity-subject"> {subject}</span>}
            </div>
            <div role="cell">{t(OUTCOME[entry.outcome])}</div>
            <div role="cell">{entry.fingerprint && <code>{entry.fingerprint}</code>}</div>
          </div>
        );
      }}
    />
  );
}
