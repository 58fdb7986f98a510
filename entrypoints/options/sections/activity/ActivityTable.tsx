import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { entrySubject } from '@/lib/activity/activity-view';
import { formatDateTime, t, type MessageKey } from '@/lib/i18n';
import type { ActivityEntry, ActivityKind, ActivityOutcome } from '@/lib/storage/activity/activity-schema';

const ROW_HEIGHT = 52;
const MAX_LIST_HEIGHT = 12 * ROW_HEIGHT;

const OUTCOME: Record<ActivityOutcome, MessageKey> = {
  done: 'activityOutcomeDone',
  failed: 'activityOutcomeFailed',
  unknown: 'activityOutcomeUnknown',
};

/** A virtualized table: only the rows in view are in the DOM, however long the log is (20,000 entries). */
export function ActivityTable({
  entries,
  kindLabel,
}: {
  entries: readonly ActivityEntry[];
  kindLabel: (kind: ActivityKind) => string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is meant to be used this way
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    initialRect: { width: 1000, height: MAX_LIST_HEIGHT },
  });

  return (
    <div role="table" aria-label={t('activityTable')} aria-rowcount={entries.length + 1} className="activity-table">
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} className="activity-row header">
          <div role="columnheader">{t('activityColumnTime')}</div>
          <div role="columnheader">{t('activityColumnWorkspace')}</div>
          <div role="columnheader">{t('activityColumnWhat')}</div>
          <div role="columnheader">{t('activityColumnOutcome')}</div>
          <div role="columnheader">{t('activityColumnFingerprint')}</div>
        </div>
      </div>
      <div
        ref={scrollRef}
        className="activity-scroll"
        role="rowgroup"
        tabIndex={0}
        aria-label={t('activityTable')}
        style={{ height: Math.min(Math.max(virtualizer.getTotalSize(), ROW_HEIGHT), MAX_LIST_HEIGHT) }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const entry = entries[item.index];
            if (!entry) return null;
            const subject = entrySubject(entry);
            return (
              <div
                key={entry.seq}
                role="row"
                aria-rowindex={item.index + 2}
                className={`activity-row outcome-${entry.outcome}`}
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{ position: 'absolute', top: 0, insetInline: 0, transform: `translateY(${item.start}px)` }}
              >
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
          })}
        </div>
      </div>
    </div>
  );
}
