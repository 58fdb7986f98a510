import { t } from '@/lib/i18n';
import type { ProjectLink } from '@/lib/api/project-link';
import { messageText } from '@/lib/message-ref';

interface OpenProjectLinkProps {
  /** The project's page (the workspace's project link with the id filled in), or why it has none; nothing without a link. */
  link: ProjectLink | undefined;
  /** In a list of projects: its name, so that each link says which project it opens. */
  projectName?: string | undefined;
  className?: string | undefined;
}

/**
 * **Open project**: the project's page in the review service (the workspace's project link), in a new
 * tab. A plain link: no permission, and the browser opens it as any link (the popup then closes). An id
 * that would change the link's address gets a line that says so instead.
 */
export function OpenProjectLink({ link, projectName, className }: OpenProjectLinkProps) {
  if (!link) return null;
  if ('refused' in link) return <span className="hint">{messageText(link.refused)}</span>;
  return (
    <a
      className={className}
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={projectName === undefined ? undefined : t('openProjectOf', projectName)}
      title={t('opensInNewTab')}
    >
      {t('openProject')}
    </a>
  );
}
