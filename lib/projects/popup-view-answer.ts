import { ok, type Result } from '../result';
import { readArea } from '../storage/area-write';
import { currentKey } from '../storage/credentials/keyring';
import type { PopupStart } from '../storage/popup-view/popup-view-schema';
import type { WorkspaceIndexStore } from '../workspaces/workspace-index-store';
import { composePopupView } from './popup-view';

/**
 * getPopupView: the popup asks when its stored view cannot tell (none yet, an older format, secrets kept
 * in `session:`) and when the picker or an unlock changes the workspace shown. Made from storage as the
 * stored view is, with the secrets of `session:` too, and whether the lock is open.
 */
export async function answerPopupView(
  index: Pick<WorkspaceIndexStore, 'read'>,
  prefer?: string,
): Promise<Result<PopupStart>> {
  // The upgrade to workspaces and the list's first write are done.
  await index.read();
  const view = await composePopupView({ local: readArea('local'), session: readArea('session') }, { prefer });
  // The list exists once index.read() has answered; without it the router answers INTERNAL, as for any throw.
  if (!view) throw new Error('no list of workspaces');
  return ok({ view, unlocked: (await currentKey()) !== undefined });
}
