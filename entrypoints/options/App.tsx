import { Alert } from '@/components/Alert';
import { t } from '@/lib/i18n';
import { useWorkspaceStore } from '@/lib/stores/workspace-store';
import { PolicyNotice } from './policy/PolicyNotice';
import { WorkspaceBar } from './workspaces/WorkspaceBar';
import { WorkspaceSections } from './workspaces/WorkspaceSections';

export function App() {
  const shown = useWorkspaceStore((state) => state.workspaces.some((workspace) => workspace.id === state.activeId));
  const activeId = useWorkspaceStore((state) => state.activeId);
  const generation = useWorkspaceStore((state) => state.generation);
  const loadError = useWorkspaceStore((state) => state.loadError);
  return (
    <main>
      <h1>{t('optionsHeading')}</h1>
      {loadError && <Alert>{loadError}</Alert>}
      {shown ? (
        <>
          <PolicyNotice />
          <WorkspaceBar />
          {/* Everything below belongs to the shown workspace: switching starts it afresh. */}
          <WorkspaceSections key={`${activeId}:${generation}`} />
        </>
      ) : (
        !loadError && <p aria-busy="true">{t('optionsLoading')}</p>
      )}
    </main>
  );
}
