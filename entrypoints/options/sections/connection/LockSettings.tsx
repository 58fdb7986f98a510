import { useCallback, useEffect, useRef, useState } from 'react';
import { successResult, type ActionResult } from '@/components/action-result';
import { ActionMessage } from '@/components/ActionMessage';
import UnlockForm from '@/components/UnlockForm';
import { t } from '@/lib/i18n';
import type { LockStatus } from '@/lib/storage/lock/lock-schema';
import { watchLock } from '@/lib/storage/lock/watch-lock';
import { sendMessage } from '@/lib/messaging/client';
import { getLockStatus } from '@/lib/messaging/messages/lock-messages';
import { useConnectionStore } from '@/lib/stores/connection-store';
import { useFocusWhenTargeted } from '../../navigation/use-focus-when-targeted';
import { LockManage } from './LockManage';
import { LockTurnOn } from './LockTurnOn';
import { LockCost } from '../../shared/LockCost';

/**
 * The passphrase lock (design.md §10): turn it on, unlock, lock, change the passphrase, turn it off.
 * Its status comes from the background (the key never reaches this page); it is read again when the
 * lock's stored state changes and when the page is shown again (an idle lock may have closed it).
 */
export function LockSettings() {
  const [status, setStatus] = useState<LockStatus>();
  const [ticked, setTicked] = useState(false);
  const [message, setMessage] = useState<ActionResult>();
  const section = useRef<HTMLElement>(null);
  useFocusWhenTargeted('unlock', section, status !== undefined);

  const show = useCallback((next: LockStatus) => {
    setStatus(next);
    setTicked(next.enabled);
    // The masked secrets and the readiness shown above change with the lock.
    void useConnectionStore.getState().refresh();
  }, []);
  const read = useCallback(
    () => void sendMessage(getLockStatus, {}).then((result) => result.ok && show(result.value)),
    [show],
  );

  useEffect(() => {
    read();
    const onVisible = () => document.visibilityState === 'visible' && read();
    const stopWatching = watchLock(read);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopWatching();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [read]);

  if (!status) return null;
  return (
    <section ref={section} className="lock-settings" aria-labelledby="lock-heading">
      <h3 id="lock-heading">{t('lockHeading')}</h3>
      {status.locked ? (
        <>
          <p>{t('lockLockedNotice')}</p>
          <UnlockForm
            onUnlocked={() => {
              setMessage(successResult(t('lockUnlocked')));
              read();
            }}
          />
          <p className="hint lock-forgotten">{t('lockForgotten')}</p>
        </>
      ) : (
        <>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={ticked}
              onChange={(event) => (setTicked(event.target.checked), setMessage(undefined))}
            />
            {t('lockProtect')}
          </label>
          <p className="hint">{t(status.enabled ? 'lockIsOn' : 'lockIsOff')}</p>
          {status.enabled && <LockCost />}
          {!status.enabled && ticked && <LockTurnOn onStatus={show} onMessage={setMessage} />}
          {status.enabled && <LockManage status={status} turningOff={!ticked} onStatus={show} onMessage={setMessage} />}
        </>
      )}
      <ActionMessage result={message} />
    </section>
  );
}
