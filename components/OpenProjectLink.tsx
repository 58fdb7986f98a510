import { t } from '@/lib/i18n';

interface OpenProjectLinkProps {
  /** The project's page (the workspace's project link with the id filled in). */
  href: string;
  /** In a list of projects: its name, so that each link says which project it opens. */
  projectName?: string | undefined;
  className?: string | undefined;
}

/**
 * **Open project**: the project's page in the review service (the workspace's project link), in a new
 * tab. A plain link: no permission, and the browser opens it as any link (the popup then closes).
 */
export function OpenProjectLink({ href, projectName, className }: OpenProjectLinkProps) {
  return (
    <a
      className={className}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={projectName === undefined ? undefined : t('openProjectOf', projectName)}
      title={t('opensInNewTab')}
    >
      {t('openProject')}
    </a>
  );
}
