import { onDemand } from '@/components/on-demand';
import { t } from '@/lib/i18n';
import { useBulkCreateStore } from '@/lib/stores/bulk-create-store';
import { useConnectionStore } from '@/lib/stores/connection-store';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import { UserGroupApiNotSetUp } from './UserGroupApiNotSetUp';
import { UserGroupsSection } from './UserGroupsSection';
import { sectionHref } from '@/lib/url/section-routes';
import { usePaintedSince } from '../../shared/after-paint';

// Add groups from a file (bulk create, restore a backup) sits below the list and is used now and then:
// its code arrives after the list's first screen, not before it. It mounts once that screen is painted:
// starting its import (the preload helper's links) and its Suspense boundary cost about 10 ms in the
// task that drew the first rows (trace of 2026-11-26). Not React.lazy: its Suspense fallback held the
// section back for 300 ms more (components/on-demand.tsx).
const BulkCreateSection = onDemand(async () => (await import('./BulkCreateSection')).BulkCreateSection);

/**
 * #groups. A workspace without the user group API and without any user group data (reviewers) gets
 * an explanation instead of the user group forms; one that has groups keeps them in view, with the
 * same explanation above. Locked (the passphrase lock is closed), the API is set up but its token is
 * sealed: the section says "Locked" and offers to unlock right here, never "not set up".
 */
export function GroupsSection() {
  const status = useConnectionStore((state) => state.status);
  const hasGroupData = useUserGroupStore(
    (state) => !state.loaded || state.groups.length > 0 || state.unsettledCreates.length > 0,
  );
  const hasJob = useBulkCreateStore((state) => state.job !== null);
  const firstScreen = useUserGroupStore((state) => state.firstScreen);
  const firstScreenPainted = usePaintedSince(firstScreen);
  // Locked, no secret reads as set: an address is all the page can know of the API.
  const locked = status?.locked === true && status.userGroupBaseUrl !== '';
  const userGroupApiMissing = status !== undefined && !status.userGroupApiReady && !locked;
  if (userGroupApiMissing && !hasGroupData && !hasJob) return <UserGroupApiNotSetUp />;
  return (
    <>
      {userGroupApiMissing && (
        <p className="hint">
          {t('groupsApiNotSetUpButData')}{' '}
          <a href={sectionHref('connection', 'user-group-api')}>{t('groupsSetUpApi')}</a>
        </p>
      )}
      <UserGroupsSection locked={locked} />
      {/* Below the list: drawn after it, not before it. */}
      {firstScreenPainted && <BulkCreateSection />}
    </>
  );
}
