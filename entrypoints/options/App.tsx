import { useEffect, useRef } from 'react';
import { Alert } from '@/components/Alert';
import { t } from '@/lib/i18n';
import { useWorkspaceStore } from '@/lib/stores/workspace-store';
import { SectionNav } from './navigation/SectionNav';
import { useFocusOnNavigation } from './navigation/use-focus-on-navigation';
import { useSection } from './navigation/use-section';
import { PolicyNotice } from './page/PolicyNotice';
import { JobPanel } from './page/JobPanel';
import { WorkspaceSections } from './page/WorkspaceSections';
import { WorkspaceSwitcher } from './page/WorkspaceSwitcher';
import { Loading } from './shared/Loading';
import { UnlockInPlace } from './shared/unlock-in-place';
import { sayWorkspaceMessage } from './shared/workspace-message';

/**
 * The header (title, workspace), the sections' navigation, the one section the address names, and the
 * job panel pinned at the bottom of every section.
 */
export function App() {
  const shown = useWorkspaceStore((state) => state.workspaces.some((workspace) => workspace.id === state.activeId));
  const activeId = useWorkspaceStore((state) => state.activeId);
  const generation = useWorkspaceStore((state) => state.generation);
  const loadError = useWorkspaceStore((state) => state.loadError);
  const section = useSection();
  const content = useRef<HTMLElement>(null);
  useFocusOnNavigation(section, content);
  // The header's message (a workspace added, deleted, imported) is about the section it was said on:
  // it goes when the user moves on, like every other result (design.md §11).
  const said = useRef(section);
  useEffect(() => {
    if (said.current !== section) sayWorkspaceMessage(undefined);
    said.current = section;
  }, [section]);
  return (
    <>
      <header className="app-header">
        <h1>{t('optionsHeading')}</h1>
        {shown && <WorkspaceSwitcher />}
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
            !loadError && <Loading />
          )}
        </main>
      </div>
      {shown && <JobPanel key={`${activeId}:${generation}`} />}
      <UnlockInPlace />
    </>
  );
}
