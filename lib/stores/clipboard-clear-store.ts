import { create } from 'zustand';
import { holdsClipboardAccess, onPermissionsChanged } from '../clipboard/clipboard-access';
import {
  DEFAULT_CLIPBOARD_CLEAR_AFTER,
  readClipboardClearAfter,
  watchClipboardClearAfter,
} from '../storage/clipboard-clear-after';

interface ClipboardClearState {
  /** **Clear clipboard after**, as stored (0: Never). */
  seconds: number;
  /** Whether the clipboard permissions are held (then a click need not ask for them). */
  accessHeld: boolean;
}

/**
 * What Copy token needs to know in its click, synchronously (a permission must be asked for before
 * anything is awaited): the setting, and whether the permissions are held. The setting shows it too.
 */
export const useClipboardClearStore = create<ClipboardClearState>(() => ({
  seconds: DEFAULT_CLIPBOARD_CLEAR_AFTER,
  accessHeld: false,
}));

/** Follows the stored setting and the permissions until the returned function is called. */
export function followClipboardClear(): () => void {
  let following = true;
  let changed = false;
  const show = (seconds: number) => following && useClipboardClearStore.setState({ seconds });
  const checkAccess = () =>
    void holdsClipboardAccess().then((accessHeld) => following && useClipboardClearStore.setState({ accessHeld }));
  // A change seen while the first read was under way is newer than what that read found.
  void readClipboardClearAfter().then((seconds) => !changed && show(seconds));
  checkAccess();
  const stopWatching = watchClipboardClearAfter((seconds) => {
    changed = true;
    show(seconds);
  });
  const stopListening = onPermissionsChanged(checkAccess);
  return () => {
    following = false;
    stopWatching();
    stopListening();
  };
}
