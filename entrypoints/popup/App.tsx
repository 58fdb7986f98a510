import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { Alert } from '@/components/Alert';
import { onDemand } from '@/components/on-demand';
import UnlockForm from '@/components/UnlockForm';
import { t } from '@/lib/i18n';
import { NotSetUp } from './NotSetUp';
import { loadWorkspaceView, type PopupState } from './popup-state';
import { ProjectForm } from './ProjectForm';
import { ShortcutFooter } from './ShortcutFooter';
import { WorkspacePicker } from './WorkspacePicker';
import { messageText } from '@/lib/message-ref';

type Loaded = PopupState;

// Only with several tabs selected: a chunk of its own, out of the popup's first load (and its gzip budget).
// Not React.lazy: its Suspense fallback would hold the button back 300 ms more (components/on-demand.tsx).
const SelectedTabs = onDemand(async () => (await import('./SelectedTabs')).default);

/**
 * How many tabs are selected (highlighted) in the window, when more than one: counting them needs no
 * permission. Read after the first paint; one selected tab (the usual case) changes nothing, so the
 * popup is not rendered a second time for it.
 */
function useSelectedTabCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let current = true;
    browser.tabs.query({ highlighted: true, currentWindow: true }).then(
      (tabs) => current && setCount(tabs.length > 1 ? tabs.length : 0),
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  return count;
}

function openSettings() {
  void browser.runtime.openOptionsPage().then(() => window.close());
}

/** Rendered once the popup's state is in (mount.tsx): the first render is the filled form. */
export function App({ initial }: { initial: Loaded }) {
  const [loaded, setLoaded] = useState<Loaded>(initial);
  const selectedTabs = useSelectedTabCount();

  const { status, page, history, workspaceId, workspaces } = loaded;
  // Another workspace: its status and history replace the shown ones, and the form starts afresh for it.
  const switchTo = (id: string) =>
    void loadWorkspaceView(id).then((view) => setLoaded((current) => ({ ...current, ...view })));
  return (
    <>
      <main>
        <h1>{t('popupHeading')}</h1>
        {workspaces.length > 1 && (
          <WorkspacePicker workspaces={workspaces} workspaceId={workspaceId} onChange={switchTo} />
        )}
        {!status.ok ? (
          <Alert>{messageText(status.error.message)}</Alert>
        ) : status.value.locked ? (
          // Not lazy: a chunk of its own measured +0.6 KB gzip (Vite's preload helper) against +0.2 KB inline.
          <>
            <p>{t('lockPopupLocked')}</p>
            <UnlockForm autoFocus onUnlocked={() => switchTo(workspaceId)} />
          </>
        ) : !status.value.projectApiReady ? (
          <NotSetUp status={status.value} />
        ) : (
          <>
            <ProjectForm
              key={workspaceId}
              workspaceId={workspaceId}
              page={page}
              initialHistory={history}
              projectLink={status.value.projectLink}
              onOpenSettings={openSettings}
            />
            {selectedTabs > 1 && (
              <SelectedTabs key={`tabs-${workspaceId}`} workspaceId={workspaceId} count={selectedTabs} />
            )}
          </>
        )}
      </main>
      <ShortcutFooter />
    </>
  );
}
