import { useEffect } from 'react';
import { Alert } from '@/components/Alert';
import { useConnectionStore } from '@/lib/stores/connection-store';
import { showRegistry } from '@/lib/stores/user-group-store';
import { messageText } from '@/lib/message-ref';
import type { Section } from '@/lib/url/section-routes';
import { sectionRow } from '../sections/section-table';
import { Loading } from '../shared/Loading';
import { LockedBanner } from './LockedBanner';
import { SectionErrorBoundary } from './SectionErrorBoundary';
import { StorageNotices } from './StorageNotices';

/**
 * The shown workspace's section of the page, as its row in the section table says; the storage
 * notices show on every section, and the lock's banner on every section that does not offer to
 * unlock in place itself (the groups section of a workspace with the user group API does).
 */
export function WorkspaceSections({ section }: { section: Section }) {
  const status = useConnectionStore((state) => state.status);
  const loadError = useConnectionStore((state) => state.loadError);
  const row = sectionRow(section);
  const unlocksInPlace = section === 'groups' && status?.userGroupBaseUrl !== '';
  useEffect(() => {
    if (row.showsRegistry) showRegistry();
  }, [row]);
  return (
    <>
      {loadError && <Alert>{messageText(loadError.message)}</Alert>}
      {status && <StorageNotices notices={status.notices} />}
      {status?.locked && !unlocksInPlace && <LockedBanner />}
      {row.needsStatus && !status && !loadError && <Loading />}
      {/* A section loaded on demand says it is loading until its code arrives (components/on-demand.tsx); a chunk that fails to load is a section that fails. */}
      <SectionErrorBoundary key={section}>
        {row.needsStatus ? status && <row.Component status={status} /> : <row.Component />}
      </SectionErrorBoundary>
    </>
  );
}
