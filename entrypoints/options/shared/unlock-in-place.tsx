import { create } from 'zustand';
import { useModalDialog } from '@/components/use-modal-dialog';
import UnlockForm from '@/components/UnlockForm';
import { t } from '@/lib/i18n';
import type { Result } from '@/lib/result';
import { refreshLockStatus } from '@/lib/stores/lock-store';
import { useConnectionStore } from '@/lib/stores/connection-store';

interface Request {
  /** The action that waits, named as its button is ("Show", "Copy token", "Export JSON"…). */
  action: string;
  settle: (unlocked: boolean) => void;
}

const useUnlockRequest = create<{ request?: Request }>(() => ({}));

/**
 * Asks for the passphrase in a dialog over the page, where the user is (design.md §10: locked, an
 * action offers to unlock in place, never a dead end). True once unlocked; false when cancelled. A
 * second request while one is open waits on the same dialog.
 */
export function askToUnlock(action: string): Promise<boolean> {
  const open = useUnlockRequest.getState().request;
  return new Promise((resolve) => {
    if (open) {
      const earlier = open.settle;
      open.settle = (unlocked) => (earlier(unlocked), resolve(unlocked));
      return;
    }
    useUnlockRequest.setState({ request: { action, settle: resolve } });
  });
}

/**
 * Runs `run`; when the background answers LOCKED, offers to unlock in place and, once unlocked, runs it
 * again, so that the action carries on. Cancelled, the LOCKED answer is returned as it came.
 */
export async function unlockAndRetry<T>(action: string, run: () => Promise<Result<T>>): Promise<Result<T>> {
  const first = await run();
  if (first.ok || first.error.code !== 'LOCKED') return first;
  return (await askToUnlock(action)) ? run() : first;
}

function settle(unlocked: boolean): void {
  const { request } = useUnlockRequest.getState();
  useUnlockRequest.setState({ request: undefined });
  request?.settle(unlocked);
  if (unlocked) {
    void refreshLockStatus();
    // The readiness of the APIs shown on the page changes with the lock.
    void useConnectionStore.getState().refresh();
  }
}

function UnlockDialog({ action }: { action: string }) {
  const { ref, titleId } = useModalDialog();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="unlock-dialog"
      onCancel={(event) => {
        event.preventDefault();
        settle(false);
      }}
    >
      <h2 id={titleId}>{t('unlockInPlaceTitle')}</h2>
      <p>{t('unlockInPlaceBody', action)}</p>
      <UnlockForm autoFocus onUnlocked={() => settle(true)} />
      <div className="actions">
        <button type="button" onClick={() => settle(false)}>
          {t('dialogCancel')}
        </button>
      </div>
    </dialog>
  );
}

/** Mounted once in the page: the dialog of the request under way, if any. */
export function UnlockInPlace() {
  const request = useUnlockRequest((state) => state.request);
  return request ? <UnlockDialog action={request.action} /> : null;
}
