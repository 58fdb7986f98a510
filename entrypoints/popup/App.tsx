import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { browser } from 'wxt/browser';
import { Alert } from '@/components/Alert';
import { onDemand } from '@/components/on-demand';
import UnlockForm from '@/components/UnlockForm';
import { t } from '@/lib/i18n';
import { messageText, text } from '@/lib/message-ref';
import { sendMessage } from '@/lib/messaging/client';
import { useWorkspace } from '@/lib/messaging/messages/workspace-messages';
import { firstScreen } from '@/lib/storage/popup-view/popup-view-schema';
import { NotSetUp } from './NotSetUp';
import { loadWorkspaceStart, type PopupState } from './popup-state';
import { ProjectForm, type FormDraft } from './ProjectForm';
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
  // Another workspace: the picker shows it at once, and Create project waits until its first screen and
  // history replace the shown ones (a press meanwhile would create the project in the one before). Its
  // form starts afresh with what was typed. Rendered in the same task (flushSync): a press the first
  // screen recorded (first-screen.ts) is done again right after the choice.
  const [chosen, setChosen] = useState<string>();
  const latestChoice = useRef<string>(undefined);
  const typed = useRef<FormDraft>(undefined);
  const [draft, setDraft] = useState<FormDraft>();
  const creating = useRef(false);
  const switchTo = (id: string) => {
    latestChoice.current = id;
    flushSync(() => setChosen(id));
    void loadWorkspaceStart(id).then((next) => {
      if (latestChoice.current !== id) return; // another was chosen since: its answer is the one shown
      setLoaded((current) => ({ ...current, ...next }));
      setDraft(typed.current);
      setChosen(undefined);
    });
  };
  // Remembered as the last used one. Not while a project is being created: its answer belongs to the
  // form that sent it (the picker shows the workspace it is created in).
  const choose = (id: string) => {
    if (creating.current) return;
    void sendMessage(useWorkspace, { workspaceId: id });
    switchTo(id);
  };
  const keepDraft = useCallback((fields: FormDraft) => {
    typed.current = fields;
  }, []);
  const view = start.ok ? start.value.view : undefined;
  const screen = start.ok ? firstScreen(start.value) : undefined;
  return (
    <>
      <main>
        <h1>{t('popupHeading')}</h1>
        {view && view.workspaces.length > 1 && (
          <WorkspacePicker workspaces={view.workspaces} workspaceId={chosen ?? view.workspaceId} onChange={choose} />
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
            draft={draft}
            onDraft={keepDraft}
            waiting={chosen !== undefined}
            onCreating={(now) => (creating.current = now)}
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
