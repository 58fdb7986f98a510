import { useDeferredValue, useMemo, useState } from 'react';
import { Alert } from '@/components/Alert';
import { downloadFile } from '@/components/download-file';
import { plural, t } from '@/lib/i18n';
import { exportHistoryCsv, exportHistoryJson } from '@/lib/projects/history-export';
import { HISTORY_LIMIT } from '@/lib/storage/history/history-schema';
import { searchHistory } from '@/lib/projects/history-search';
import { useProjectHistoryStore } from '@/lib/stores/project-history-store';
import { useConnectionStore } from '@/lib/stores/connection-store';
import { useActiveWorkspace } from '../../shared/use-active-workspace';
import { TableSearch } from '../../shared/table/TableSearch';
import { HistoryTable } from './HistoryTable';
import './history.css';

/** Every project created from this browser: search, copy an id, open a project, export all (CSV or JSON). */
export function ProjectHistorySection() {
  const workspace = useActiveWorkspace();
  // The workspace's project link template, served with its connection status (none while it loads).
  const projectLink = useConnectionStore((state) => state.status?.projectLink);
  const source = { name: workspace.name, projectLink };
  const { entries, loaded, unreadable } = useProjectHistoryStore();
  const [search, setSearch] = useState('');
  // Typing stays responsive on a long history: the list catches up with the deferred query.
  const deferredSearch = useDeferredValue(search);
  const visible = useMemo(() => searchHistory(entries, deferredSearch), [entries, deferredSearch]);

  return (
    <section id="project-history" aria-labelledby="project-history-heading">
      <h2 id="project-history-heading">{t('historyHeading')}</h2>
      <p className="hint">{t('historyIntro', HISTORY_LIMIT)}</p>
      {unreadable && <Alert>{t('historyUnreadable')}</Alert>}
      <div className="toolbar">
        <TableSearch of="history" value={search} onChange={setSearch} />
      </div>
      <div className="actions">
        <button
          type="button"
          disabled={entries.length === 0}
          onClick={() => downloadFile(exportHistoryCsv(entries, new Date(), source))}
        >
          {t('exportHistoryCsv')}
        </button>
        <button
          type="button"
          disabled={entries.length === 0}
          onClick={() => downloadFile(exportHistoryJson(entries, new Date(), source))}
        >
          {t('exportHistoryJson')}
        </button>
      </div>
      {!loaded ? null : entries.length === 0 ? (
        <p>{t('historyEmpty')}</p>
      ) : (
        <>
          <p className="hint" aria-live="polite">
            {plural('historyShowing', entries.length, visible.length)}
          </p>
          <HistoryTable entries={visible} projectLink={projectLink} />
        </>
      )}
    </section>
  );
}
