import { Alert } from '@/components/Alert';
import { t } from '@/lib/i18n';
import { useConnectionStore } from '@/lib/stores/connection-store';
import { ConnectionSection } from './ConnectionSection';
import { ProjectHistorySection } from './project-history/ProjectHistorySection';
import { StorageNotices } from './StorageNotices';
import { BulkCreateSection } from './user-groups/BulkCreateSection';
import { UserGroupsSection } from './user-groups/UserGroupsSection';

export function App() {
  const status = useConnectionStore((state) => state.status);
  const loadError = useConnectionStore((state) => state.loadError);
  return (
    <main>
      <h1>{t('optionsHeading')}</h1>
      {loadError && <Alert>{loadError.message}</Alert>}
      {status && <StorageNotices notices={status.notices} />}
      {status ? <ConnectionSection status={status} /> : !loadError && <p aria-busy="true">{t('optionsLoading')}</p>}
      <UserGroupsSection />
      <BulkCreateSection />
      <ProjectHistorySection />
    </main>
  );
}
