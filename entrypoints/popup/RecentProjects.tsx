import { memo } from 'react';
import { CopyButton } from '@/components/CopyButton';
import { OpenProjectLink } from '@/components/OpenProjectLink';
import { projectLinkOf } from '@/lib/api/project-link';
import { formatCompactDateTime, formatDateTime, t } from '@/lib/i18n';
import type { HistoryEntry } from '@/lib/storage/history/history-schema';
import { RECENT_PROJECTS_SHOWN } from '@/lib/storage/popup-view/popup-view-schema';
import { displayUrl } from '@/lib/url/display-url';

/**
 * The last few projects, each in two lines: its name, with the whole width; its id and when it was
 * registered, compact, beside Copy project ID. Each line is one line: what is cut shows whole in a
 * tooltip (the name's also gives the page's address, as a reader reads it). Rendered again only when
 * the history changes (memo): not when the form above it changes (Create project pressed, a keystroke).
 */
export const RecentProjects = memo(function RecentProjects({
  entries,
  projectLink,
  onShowAll,
}: {
  entries: readonly HistoryEntry[];
  /** The workspace's project link template: Open project beside each, when set. */
  projectLink?: string | undefined;
  onShowAll: () => void;
}) {
  const recent = entries.slice(-RECENT_PROJECTS_SHOWN).reverse();
  if (recent.length === 0) return null;
  return (
    <section className="recent" aria-labelledby="recent-heading">
      <h2 id="recent-heading">{t('recentProjects')}</h2>
      <ul>
        {recent.map((entry) => (
          <li key={`${entry.projectId}-${entry.createdAt}`}>
            <span className="recent-name" title={`${entry.projectName}\n${displayUrl(entry.projectUrl)}`}>
              {entry.projectName}
            </span>
            <span className="recent-meta">
              <code className="recent-id" title={entry.projectId}>
                {entry.projectId}
              </code>
              <time
                className="recent-date"
                dateTime={entry.createdAt}
                title={t('registeredOn', formatDateTime(entry.createdAt))}
              >
                {formatCompactDateTime(entry.createdAt)}
              </time>
            </span>
            <span className="actions">
              <CopyButton
                value={entry.projectId}
                label={t('copyProjectId')}
                accessibleName={t('copyProjectIdOf', entry.projectName)}
              />
              <OpenProjectLink
                className="button"
                link={projectLinkOf(projectLink, entry.projectId)}
                projectName={entry.projectName}
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
});
