import { useDeferredValue, useMemo, useState } from 'react';
import { LiveActionMessage } from '@/components/ActionMessage';
import { resultOf, type ActionResult } from '@/components/action-result';
import { downloadFile } from '@/components/download-file';
import { SelectField } from '@/components/SelectField';
import { exportActivityCsv, exportActivityJson } from '@/lib/activity/activity-export';
import { ACTIVITY_KIND_LABELS, activityIndex, searchActivity } from '@/lib/activity/activity-view';
import { plural, t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { clearActivityLog } from '@/lib/messaging/messages/activity-messages';
import type { ActivityEntry, ActivityKind } from '@/lib/storage/activity/activity-schema';
import type { StoredRow } from '@/lib/storage/activity/activity-rows';
import { TableSearch } from '../../shared/table/TableSearch';
import { ActivityTable } from './ActivityTable';
import { ActivityVerify } from './ActivityVerify';
import { ClearActivityDialog } from './ClearActivityDialog';
import { useStoredActivity } from './use-stored-activity';
import './activity.css';

const KINDS = Object.keys(ACTIVITY_KIND_LABELS) as ActivityKind[];
const kindLabel = (kind: ActivityKind) => t(ACTIVITY_KIND_LABELS[kind]);
const NO_ROWS: StoredRow[] = [];

/** The section's one message: a clearing's or a verification's (the next action replaces it). */
type Said = { by: 'clear' | 'verify'; result: ActionResult | undefined };

/** #activity: every change the extension made or attempted, searchable, exportable, verifiable, clearable. */
export function ActivitySection() {
  const stored = useStoredActivity();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<ActivityKind | 'all'>('all');
  const [workspace, setWorkspace] = useState('all');
  const [clearing, setClearing] = useState(false);
  const [said, setSaid] = useState<Said>();
  const deferredSearch = useDeferredValue(search);

  const rows = stored.loaded ? stored.rows : NO_ROWS;
  const folded = stored.loaded ? stored.folded : 0;
  // Entries to show, and those removed with their workspace (kept as their hashes, not shown).
  const { entries, removed } = useMemo(() => {
    const shown: ActivityEntry[] = [];
    let stubs = 0;
    for (const row of rows)
      if (row.entry) shown.push(row.entry);
      else if (row.stub) stubs += 1;
    return { entries: shown, removed: stubs };
  }, [rows]);
  const index = useMemo(() => activityIndex(entries, kindLabel), [entries]);
  const visible = useMemo(
    () => searchActivity(index, { search: deferredSearch, kind, workspace }),
    [index, deferredSearch, kind, workspace],
  );
  const workspaces = useMemo(() => {
    const names = new Map<string, string>();
    for (const entry of entries) if (entry.workspace) names.set(entry.workspace.id, entry.workspace.name);
    return [...names].map(([value, label]) => ({ value, label }));
  }, [entries]);

  const exportJson = async () => downloadFile(await exportActivityJson(rows, folded, new Date()));
  async function clear() {
    setClearing(false);
    setSaid(undefined);
    const answer = await sendMessage(clearActivityLog, {});
    setSaid({
      by: 'clear',
      result: resultOf(answer, answer.ok ? plural('activityCleared', answer.value.removed) : ''),
    });
  }

  const unreadable = rows.length - entries.length - removed;
  // Exports wait for the whole log (older pages are still being read just after the page opens).
  const complete = stored.loaded && stored.complete;
  return (
    <section id="activity" aria-labelledby="activity-heading">
      <h2 id="activity-heading">{t('activityHeading')}</h2>
      <p className="hint">{t('activityIntro')}</p>
      <div className="toolbar">
        <TableSearch of="activity" value={search} onChange={setSearch} />
        <SelectField
          label={t('activityFilterKind')}
          value={kind}
          options={[
            { value: 'all' as const, label: t('activityKindAll') },
            ...KINDS.map((value) => ({ value, label: kindLabel(value) })),
          ]}
          onChange={setKind}
        />
        <SelectField
          label={t('activityFilterWorkspace')}
          value={workspace}
          options={[{ value: 'all', label: t('activityWorkspaceAll') }, ...workspaces]}
          onChange={setWorkspace}
        />
      </div>
      <div className="actions">
        <button type="button" disabled={rows.length === 0 || !complete} onClick={() => void exportJson()}>
          {t('activityExportJson')}
        </button>
        <button
          type="button"
          disabled={rows.length === 0 || !complete}
          onClick={() => void exportActivityCsv(rows, new Date()).then(downloadFile)}
        >
          {t('activityExportCsv')}
        </button>
        <button
          type="button"
          className="danger"
          disabled={rows.length === 0 || !complete}
          onClick={() => (setSaid(undefined), setClearing(true))}
        >
          {t('activityClear')}
        </button>
      </div>
      <LiveActionMessage result={said?.by === 'clear' ? said.result : undefined} />
      <ActivityVerify
        ready={stored.loaded}
        result={said?.by === 'verify' ? said.result : undefined}
        setResult={(result) => setSaid({ by: 'verify', result })}
      />
      {!stored.loaded ? null : entries.length === 0 && unreadable === 0 && removed === 0 ? (
        <p>{t('activityEmpty')}</p>
      ) : (
        <>
          <p className="hint" aria-live="polite" aria-busy={!stored.complete}>
            {plural('activityShowing', entries.length, visible.length)}
            {folded > 0 && ` ${plural('activityFolded', folded)}`}
            {removed > 0 && ` ${plural('activityRemovedWithWorkspace', removed)}`}
          </p>
          <ActivityTable entries={visible} kindLabel={kindLabel} />
        </>
      )}
      {clearing && (
        <ClearActivityDialog
          count={rows.length}
          exportFirst={exportJson}
          onConfirm={() => void clear()}
          onCancel={() => setClearing(false)}
        />
      )}
    </section>
  );
}
