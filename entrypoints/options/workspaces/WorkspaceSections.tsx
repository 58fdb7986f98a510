import { Alert } from '@/components/Alert';
import { t } from '@/lib/i18n';
import { useBulkCreateStore } from '@/lib/stores/bulk-create-store';
import { useConnectionStore } from '@/lib/stores/connection-store';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import { ConnectionSection } from '../ConnectionSection';
import { ProjectHistorySection } from '../project-history/ProjectHistorySection';
import { StorageNotices } from '../StorageNotices';
import { BulkCreateSection } from '../user-groups/BulkCreateSection';
import { UserGroupApiNotSetUp } from '../user-groups/UserGroupApiNotSetUp';
import { UserGroupsSection } from '../user-groups/UserGroupsSection';

/**
 * The shown workspace: its connection, its user groups and its project history. A workspace without
 * the user group API and without any user group data (reviewers) gets an explanation instead of the
 * user group forms; one that has groups keeps them in view, with the same explanation above.
 */
export function WorkspaceSections() {
  const status = useConnectionStore((state) => state.status);
  const loadError = useConnectionStore((state) => state.loadError);
  const hasGroupData = useUserGroupStore((state) => !state.loaded || state.groups.length > 0 || state.unsettledCreates.length > 0);
  const hasJob = useBulkCreateStore((state) => state.job !== null);
  const userGroupApiMissing = status !== undefined && !status.userGroupApiReady;
  return (
    <>
      {loadError && <Alert>{loadError.message}</Alert>}
      {status && <StorageNotices notices={status.notices} />}
      {status ? <ConnectionSection status={status} /> : !loadError && <p aria-busy="true">{t('optionsLoading')}</p>}
      {userGroupApiMissing && !hasGroupData && !hasJob ? (
        <UserGroupApiNotSetUp />
      ) : (
        <>
          {userGroupApiMissing && <p className="hint">{t('groupsApiNotSetUpButData')}</p>}
          <UserGroupsSection />
          <BulkCreateSection />
        </>
      )}
      <ProjectHistorySection />
    </>
  );
}
