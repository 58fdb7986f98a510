import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, StatusMessage } from '@/components/Alert';
import { downloadFile } from '@/components/download-file';
import { SelectField } from '@/components/SelectField';
import {
  ACTIVITY_KIND_LABELS,
  activityIndex,
  exportActivityCsv,
  exportActivityJson,
  searchActivity,
} from '@/lib/activity/activity-view';
import { plural, t } from '@/lib/i18n';
import type { ActivityEntry, ActivityKind } from '@/lib/storage/activity/activity-schema';
import {
  loadStoredActivity,
  verifyStoredActivity,
  watchStoredActivity,
  type StoredActivity,
} from '@/lib/storage/activity/activity-source';
import { TableSearch } from '../../shared/table/TableSearch';
import { ActivityTable } from './ActivityTable';
import './activity.css';

const KINDS = Object.keys(ACTIVITY_KIND_LABELS) as ActivityKind[];
const kindLabel = (kind: ActivityKind) => t(ACTIVITY_KIND_LABELS[kind]);

type Verification = { kind: 'ok' | 'broken'; text: string } | undefined;

type Loaded = (StoredActivity & { loaded: true; complete: boolean }) | { loaded: false };

/**
 * Follows the stored log: the newest entries first (the list shows at once), older ones as they are
 * read; read again on each write (the background appends).
 */
function useStoredActivity(): Loaded {
  const [state, setState] = useState<Loaded>({ loaded: false });
  useEffect(() => {
    let stopped = false;
    let reading = false;
    let again = false;
    const read = () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      void loadStoredActivity(
        (stored, complete) => setState({ ...stored, loaded: true, complete }),
        () => stopped,
      ).finally(() => {
        reading = false;
        if (again && !stopped) {
          again = false;
          read();
        }
      });
    };
    const stop = watchStoredActivity(read);
    read();
    return () => {
      stopped = true;
      stop();
    };
  }, []);
  return state;
}

/** #activity: every change the extension made or attempted, searchable, exportable, its chain verifiable. */
export function ActivitySection() {
  const stored = useStoredActivity();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<ActivityKind | 'all'>('all');
  const [workspace, setWorkspace] = useState('all');
  const [verification, setVerification] = useState<Verification>();
  const [verifying, setVerifying] = useState(false);
  const result = useRef<HTMLDivElement>(null);
  const deferredSearch = useDeferredValue(search);

  const entries = useMemo(
    () =>
      stored.loaded
        ? stored.rows.map((row) => row.entry).filter((entry): entry is ActivityEntry => entry !== null)
        : [],
    [stored],
  );
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

  async function verify() {
    setVerifying(true);
    const outcome = await verifyStoredActivity();
    setVerifying(false);
    setVerification(
      outcome.ok
        ? { kind: 'ok', text: plural('activityVerified', outcome.count) }
        : {
            kind: 'broken',
            text: outcome.seq === undefined ? t('activityBrokenIndex') : t('activityBroken', String(outcome.seq)),
          },
    );
    result.current?.focus();
  }

  const unreadable = stored.loaded ? stored.rows.length - entries.length : 0;
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
        <button
          type="button"
          disabled={entries.length === 0 || !complete}
          onClick={() => downloadFile(exportActivityJson(entries, stored.loaded ? stored.folded : 0, new Date()))}
        >
          {t('activityExportJson')}
        </button>
        <button
          type="button"
          disabled={entries.length === 0 || !complete}
          onClick={() => downloadFile(exportActivityCsv(entries, new Date()))}
        >
          {t('activityExportCsv')}
        </button>
        <button type="button" disabled={verifying || !stored.loaded} onClick={() => void verify()}>
          {t('activityVerify')}
        </button>
      </div>
      <div ref={result} tabIndex={-1} className="activity-verification">
        {verification?.kind === 'ok' && <StatusMessage>{verification.text}</StatusMessage>}
        {verification?.kind === 'broken' && <Alert>{verification.text}</Alert>}
      </div>
      {!stored.loaded ? null : entries.length === 0 && unreadable === 0 ? (
        <p>{t('activityEmpty')}</p>
      ) : (
        <>
          <p className="hint" aria-live="polite" aria-busy={!stored.complete}>
            {plural('activityShowing', entries.length, visible.length)}
            {stored.folded > 0 && ` ${plural('activityFolded', stored.folded)}`}
          </p>
          <ActivityTable entries={visible} kindLabel={kindLabel} />
        </>
      )}
    </section>
  );
}
