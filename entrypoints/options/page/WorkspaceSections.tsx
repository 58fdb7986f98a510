import { Alert } from '@/components/Alert';
import { t } from '@/lib/i18n';
import { useConnectionStore } from '@/lib/stores/connection-store';
import { ConnectionSection } from '../sections/connection/ConnectionSection';
import { LockedBanner } from './LockedBanner';
import { SectionErrorBoundary } from './SectionErrorBoundary';
import type { Section } from '../navigation/sections';
import { ProjectHistorySection } from '../sections/projects/ProjectHistorySection';
import { AboutSection } from '../sections/about/AboutSection';
import { BackupSection } from '../sections/backup/BackupSection';
import { GroupsSection } from '../sections/groups/GroupsSection';
import { StartSection } from '../sections/start/StartSection';
import { StorageNotices } from './StorageNotices';
import { messageText } from '@/lib/message-ref';

/** The shown workspace's section of the page; the storage notices show on every section. */
export function WorkspaceSections({ section }: { section: Section }) {
  const status = useConnectionStore((state) => state.status);
  const loadError = useConnectionStore((state) => state.loadError);
  const needsStatus = section === 'start' || section === 'connection';
  return (
    <>
      {loadError && <Alert>{messageText(loadError.message)}</Alert>}
      {status && <StorageNotices notices={status.notices} />}
      {status?.locked && <LockedBanner />}
      {needsStatus && !status && !loadError && <p aria-busy="true">{t('optionsLoading')}</p>}
      <SectionErrorBoundary key={section}>
        {section === 'start' && status && <StartSection status={status} />}
        {section === 'connection' && status && <ConnectionSection status={status} />}
        {section === 'groups' && <GroupsSection />}
        {section === 'projects' && <ProjectHistorySection />}
        {section === 'backup' && <BackupSection />}
        {section === 'about' && <AboutSection />}
      </SectionErrorBoundary>
    </>
  );
}
