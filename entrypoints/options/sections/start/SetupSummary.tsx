import type { ConnectionStatus } from '@/lib/connection/connection-status';
import { describeMissingSetup } from '@/lib/connection/missing-setup';
import { formatList, plural, t } from '@/lib/i18n';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import { sectionHref } from '@/lib/url/section-routes';

/** What the shown workspace can do now, each with where to go next. */
export function SetupSummary({ status }: { status: ConnectionStatus }) {
  const groups = useUserGroupStore((state) => state.groups.length);
  const missing = describeMissingSetup(status);
  return (
    <ul className="setup-summary">
      <li className={status.projectApiReady ? 'ready' : 'missing'}>
        <strong>{t('startPagesTitle')}</strong>{' '}
        {status.projectApiReady ? t('startPagesReady') : t('startNotSetUp', formatList(missing))}{' '}
        {status.projectApiReady && <a href={sectionHref('projects')}>{t('startSeeProjects')}</a>}
      </li>
      <li className={status.userGroupApiReady ? 'ready' : 'missing'}>
        <strong>{t('startGroupsTitle')}</strong>{' '}
        {status.userGroupApiReady ? plural('startGroupsReady', groups) : t('startGroupsNotSetUp')}{' '}
        {status.userGroupApiReady && <a href={sectionHref('groups')}>{t('startSeeGroups')}</a>}
      </li>
    </ul>
  );
}
