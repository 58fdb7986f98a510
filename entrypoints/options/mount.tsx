import { createRoot } from 'react-dom/client';
import { followActions } from '@/components/action-scope';
import { applyPageLanguage, t } from '@/lib/i18n';
import { useConnectionStore } from '@/lib/stores/connection-store';
import { startLockStore, useLockStore } from '@/lib/stores/lock-store';
import { deferRegistry } from '@/lib/stores/user-group-store';
import { followActiveWorkspace } from '@/lib/stores/workspace-data-stores';
import { startWorkspaceStore } from '@/lib/stores/workspace-store';
import { App } from './App';
import { sectionOfHash } from './navigation/hash-route';
import { sectionRow } from './sections/section-table';

/**
 * The options page's UI, evaluated after its small first chunk (main.ts) has started the page's first
 * reads, which the stores below pick up. It runs when this module is evaluated: a module script of its
 * own in the built options.html, after the first chunk's (wxt.config.ts, `preloadStartChunks`), or
 * main.ts's import where the HTML is not rewritten.
 */
function mountOptions(): void {
  applyPageLanguage();
  document.title = t('optionsHeading');
  // A message goes when the next action starts, wherever on the page (design.md §11).
  followActions();
  // Opened on a section that shows no user group (Projects, Activity, About), the registry's parts are
  // read once one that does is shown (WorkspaceSections), not ahead of the shown section's own reads.
  if (!sectionRow(sectionOfHash(location.hash)).showsRegistry) deferRegistry();
  // The workspaces first; the stores of the one shown follow it (and change with it).
  startWorkspaceStore();
  followActiveWorkspace();
  // The lock, for every section: a lock that closes or opens changes what the connection can do.
  startLockStore();
  useLockStore.subscribe((state, previous) => {
    if (previous.status !== undefined && state.status?.locked !== previous.status.locked)
      void useConnectionStore.getState().refresh();
  });
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App />);
}

mountOptions();
