import { CopyButton } from '@/components/CopyButton';
import { OpenProjectLink } from '@/components/OpenProjectLink';
import { projectLinkOf } from '@/lib/api/project-link';
import { formatDateLines, formatDateTime, t } from '@/lib/i18n';
import type { HistoryEntry } from '@/lib/storage/history/history-schema';
import { displayUrl } from '@/lib/url/display-url';
import { useBoxRows } from '../../shared/table/use-box-rows';
import { textColumns, VirtualTable } from '../../shared/table/VirtualTable';

const ROW_HEIGHT = 56;

const COLUMNS = [
  'historyColumnName',
  'historyColumnUrl',
  'historyColumnId',
  'historyColumnCreated',
  'historyColumnActions',
] as const;

/** The day over the time: the whole date in a narrow column, in every language (issue 41). */
function DateLines({ iso }: { iso: string }) {
  const lines = formatDateLines(iso);
  if (!lines) return iso;
  return (
    <time dateTime={iso}>
      <span>{lines.day}</span> <span>{lines.time}</span>
    </time>
  );
}

/**
 * One project: each row is one line whatever it holds (a 1 KB address, a 300-character name): a cell
 * too long is cut, and shows whole in its tooltip; addresses read as the address bar shows them
 * (Unicode host, decoded path). With the workspace's project link, **Open project** beside Copy project ID.
 */
function HistoryRow({
  entry,
  ariaRowIndex,
  projectLink,
}: {
  entry: HistoryEntry;
  ariaRowIndex: number;
  projectLink?: string;
}) {
  const link = projectLinkOf(projectLink, entry.projectId);
  return (
    <div role="row" aria-rowindex={ariaRowIndex} className="history-row">
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
        <DateLines iso={entry.createdAt} />
      </div>
      <div role="cell" className="cell-actions">
        <span>
          <CopyButton
            value={entry.projectId}
            label={t('copyProjectId')}
            accessibleName={t('copyProjectIdOf', entry.projectName)}
          />
        </span>
        <OpenProjectLink className="open-project" link={link} projectName={entry.projectName} />
      </div>
    </div>
  );
}

/** The project history in a box of its own, up to ten rows high: only the rows in view are in the DOM. */
export function HistoryTable({
  entries,
  projectLink,
}: {
  entries: readonly HistoryEntry[];
  projectLink?: string | undefined;
}) {
  const body = useBoxRows(entries.length, { rowHeight: ROW_HEIGHT, maxRows: 10 });
  return (
    <VirtualTable
      name="history"
      label={t('historyTable')}
      columns={textColumns(COLUMNS)}
      rows={entries}
      rowKey={(entry) => `${entry.projectId}-${entry.createdAt}`}
      body={body}
      renderRow={(entry, ariaRowIndex) => (
        <HistoryRow entry={entry} ariaRowIndex={ariaRowIndex} projectLink={projectLink} />
      )}
    />
  );
}
