import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { CopyButton } from '@/components/CopyButton';
import { OpenProjectLink } from '@/components/OpenProjectLink';
import { formatDateTime, t } from '@/lib/i18n';
import type { HistoryEntry } from '@/lib/storage/history/history-schema';
import { displayUrl } from '@/lib/url/display-url';
import { projectLinkFor } from '@/lib/api/project-link';

const ROW_HEIGHT = 56;
const MAX_LIST_HEIGHT = 10 * ROW_HEIGHT;

/**
 * A virtualized table: only the rows in view are in the DOM, however long the history is. Each row is
 * one line whatever it holds (a 1 KB address, a 300-character name): a cell too long is cut, and shows
 * whole in its tooltip; addresses read as the address bar shows them (Unicode host, decoded path).
 * With the workspace's project link, each row has **Open project** beside Copy project ID.
 */
export function HistoryTable({
  entries,
  projectLink,
}: {
  entries: readonly HistoryEntry[];
  projectLink?: string | undefined;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is meant to be used this way
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
  });

  return (
    <div role="table" aria-label={t('historyTable')} aria-rowcount={entries.length + 1} className="history-table">
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} className="history-row header">
          <div role="columnheader">{t('historyColumnName')}</div>
          <div role="columnheader">{t('historyColumnUrl')}</div>
          <div role="columnheader">{t('historyColumnId')}</div>
          <div role="columnheader">{t('historyColumnCreated')}</div>
          <div role="columnheader">{t('historyColumnActions')}</div>
        </div>
      </div>
      <div
        ref={scrollRef}
        className="history-scroll"
        role="rowgroup"
        style={{ height: Math.min(Math.max(virtualizer.getTotalSize(), ROW_HEIGHT), MAX_LIST_HEIGHT) }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const entry = entries[item.index];
            if (!entry) return null;
            const link = projectLinkFor(projectLink, entry.projectId);
            return (
              <div
                key={`${entry.projectId}-${entry.createdAt}`}
                role="row"
                aria-rowindex={item.index + 2}
                className="history-row"
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{ position: 'absolute', top: 0, insetInline: 0, transform: `translateY(${item.start}px)` }}
              >
                <div role="cell" className="cell-clip" title={entry.projectName}>
                  {entry.projectName}
                </div>
                <div role="cell" className="cell-clip" title={displayUrl(entry.projectUrl)}>
                  {/^https?:\/\//i.test(entry.projectUrl) ? (
                    <a href={entry.projectUrl} target="_blank" rel="noreferrer noopener">
                      {displayUrl(entry.projectUrl)}
                    </a>
                  ) : (
                    entry.projectUrl
                  )}
                </div>
                <div role="cell" className="cell-clip" title={entry.projectId}>
                  <code>{entry.projectId}</code>
                </div>
                <div role="cell" className="cell-date" title={formatDateTime(entry.createdAt)}>
                  {formatDateTime(entry.createdAt)}
                </div>
                <div role="cell" className="cell-actions">
                  <span>
                    <CopyButton
                      value={entry.projectId}
                      label={t('copyProjectId')}
                      accessibleName={t('copyProjectIdOf', entry.projectName)}
                    />
                  </span>
                  {link && <OpenProjectLink className="open-project" href={link} projectName={entry.projectName} />}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
