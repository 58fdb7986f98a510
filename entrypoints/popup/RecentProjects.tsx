import { CopyButton } from '@/components/CopyButton';
import { formatDateTime, t } from '@/lib/i18n';
import type { HistoryEntry } from '@/lib/storage/history/history-schema';

/** How many of the newest projects the popup lists; the options page has them all. */
export const RECENT_PROJECTS_SHOWN = 5;

/** The last few projects, each with its id to copy. */
export function RecentProjects({ entries, onShowAll }: { entries: readonly HistoryEntry[]; onShowAll: () => void }) {
  const recent = entries.slice(-RECENT_PROJECTS_SHOWN).reverse();
  if (recent.length === 0) return null;
  return (
    <section className="recent" aria-labelledby="recent-heading">
      <h2 id="recent-heading">{t('recentProjects')}</h2>
      <ul>
        {recent.map((entry) => (
          <li key={`${entry.projectId}-${entry.createdAt}`}>
            <span className="recent-name" title={entry.projectUrl}>
              {entry.projectName}
            </span>
            <code className="recent-id">{entry.projectId}</code>
            <span className="recent-date">{t('registeredOn', formatDateTime(entry.createdAt))}</span>
            <span className="actions">
              <CopyButton
                value={entry.projectId}
                label={t('copyProjectId')}
                accessibleName={t('copyProjectIdOf', entry.projectName)}
              />
            </span>
          </li>
        ))}
      </ul>
      <button type="button" className="link" onClick={onShowAll}>
        {t('showAllProjects')}
      </button>
    </section>
  );
}
