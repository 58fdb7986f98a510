import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { Alert } from '@/components/Alert';
import { onDemand } from '@/components/on-demand';
import UnlockForm from '@/components/UnlockForm';
import { t } from '@/lib/i18n';
import { messageText, text } from '@/lib/message-ref';
import { firstScreen } from '@/lib/storage/popup-view/popup-view-schema';
import { NotSetUp } from './NotSetUp';
import { loadWorkspaceStart, type PopupState } from './popup-state';
import { ProjectForm } from './ProjectForm';
import { ShortcutFooter } from './ShortcutFooter';
import { WorkspacePicker } from './WorkspacePicker';

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

/** Rendered once the popup's state is in (mount.tsx): the first render is the filled form. */
export function App({ initial }: { initial: PopupState }) {
  const [loaded, setLoaded] = useState<PopupState>(initial);
  const selectedTabs = useSelectedTabCount();

  const { start, page, history } = loaded;
  // Another workspace: its first screen and history replace the shown ones, and the form starts afresh for it.
  const switchTo = (id: string) =>
    void loadWorkspaceStart(id).then((next) => setLoaded((current) => ({ ...current, ...next })));
  const view = start.ok ? start.value.view : undefined;
  const screen = start.ok ? firstScreen(start.value) : undefined;
  return (
    <>
      <main>
        <h1>{t('popupHeading')}</h1>
        {view && view.workspaces.length > 1 && (
          <WorkspacePicker workspaces={view.workspaces} workspaceId={view.workspaceId} onChange={switchTo} />
        )}
        {!start.ok ? (
          <Alert>{messageText(start.error.message)}</Alert>
        ) : screen?.kind === 'unlock' ? (
          // Not lazy: a chunk of its own measured +0.6 KB gzip (Vite's preload helper) against +0.2 KB inline.
          <>
            <p>{t('lockPopupLocked')}</p>
            <UnlockForm autoFocus onUnlocked={() => switchTo(start.value.view.workspaceId)} />
          </>
        ) : screen?.kind === 'notSetUp' ? (
          <NotSetUp missing={screen.missing} />
        ) : screen?.kind === 'form' ? (
          <ProjectForm
            key={start.value.view.workspaceId}
            workspaceId={start.value.view.workspaceId}
            page={page}
            history={history}
            projectLink={screen.projectLink}
          >
            {selectedTabs > 1 && (
              <SelectedTabs
                key={`tabs-${start.value.view.workspaceId}`}
                workspaceId={start.value.view.workspaceId}
                count={selectedTabs}
              />
            )}
          </ProjectForm>
        ) : (
          // The background's own answer could not tell either: its secrets could not be read.
          <Alert>{messageText(text('errorUnreadableAnswer'))}</Alert>
        )}
      </main>
      <ShortcutFooter />
    </>
  );
}
