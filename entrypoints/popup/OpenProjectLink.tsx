import { t } from '@/lib/i18n';

/**
 * **Open project**: the project's page in the review service (the workspace's project link), in a new
 * tab. A plain link: no permission, and the browser opens it as any link (the popup then closes).
 */
export function OpenProjectLink({ href }: { href: string }) {
  return (
    <a className="button" href={href} target="_blank" rel="noopener noreferrer" title={t('opensInNewTab')}>
      {t('openProject')}
    </a>
  );
}
