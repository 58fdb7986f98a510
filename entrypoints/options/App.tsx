import { useRef } from 'react';
import { Alert } from '@/components/Alert';
import { t } from '@/lib/i18n';
import { useWorkspaceStore } from '@/lib/stores/workspace-store';
import { SectionNav } from './navigation/SectionNav';
import { useFocusOnNavigation } from './navigation/use-focus-on-navigation';
import { useSection } from './navigation/use-section';
import { PolicyNotice } from './page/PolicyNotice';
import { JobIndicator } from './page/JobIndicator';
import { WorkspaceSections } from './page/WorkspaceSections';
import { WorkspaceSwitcher } from './page/WorkspaceSwitcher';

/** The header (title, workspace), the sections' navigation, and the one section the address names. */
export function App() {
  const shown = useWorkspaceStore((state) => state.workspaces.some((workspace) => workspace.id === state.activeId));
  const activeId = useWorkspaceStore((state) => state.activeId);
  const generation = useWorkspaceStore((state) => state.generation);
  const loadError = useWorkspaceStore((state) => state.loadError);
  const section = useSection();
  const content = useRef<HTMLElement>(null);
  useFocusOnNavigation(section, content);
  return (
    <>
      <header className="app-header">
        <h1>{t('optionsHeading')}</h1>
        {shown && (
          <>
            <JobIndicator />
            <WorkspaceSwitcher />
          </>
        )}
      </header>
      <div className="app-layout">
        <SectionNav current={section} />
        <main ref={content}>
          {loadError && <Alert>{loadError}</Alert>}
          {shown ? (
            <>
              <PolicyNotice />
              {/* Everything here belongs to the shown workspace: switching starts it afresh. */}
              <WorkspaceSections key={`${activeId}:${generation}`} section={section} />
            </>
          ) : (
            !loadError && <p aria-busy="true">{t('optionsLoading')}</p>
          )}
        </main>
      </div>
    </>
  );
}
