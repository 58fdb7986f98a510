import { useEffect, useId, useRef, useState } from 'react';
import { plural, t } from '@/lib/i18n';
import { messageText } from '@/lib/message-ref';
import { sendMessage } from '@/lib/messaging/client';
import { getTokenRotation, setTokenRotation, startRotateDueJob } from '@/lib/messaging/messages/rotation-messages';
import { requestNotifications } from '@/lib/notifications/notifications';
import { useBulkCreateStore } from '@/lib/stores/bulk-create-store';
import { ROTATION_PERIODS, watchTokenRotation, type RotationPeriod } from '@/lib/storage/rotation/token-rotation';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import type { EffectiveRotation } from '@/lib/user-groups/rotation/rotation-settings';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { JobStartMessage, type JobStartResult } from '../../shared/job/GoToJobButton';
import { unlockAndRetry } from '../../shared/unlock-in-place';
import { useActiveWorkspace } from '../../shared/use-active-workspace';
import { MassActionDialog } from './MassActionDialog';
import { RotationResults } from './RotationResults';

/** The workspace's rotation setting as it applies (the policy included), followed as it changes. */
export function useTokenRotation(workspaceId: string): EffectiveRotation | undefined {
  const [rotation, setRotation] = useState<EffectiveRotation>();
  useEffect(() => {
    let stopped = false;
    const read = () =>
      void sendMessage(getTokenRotation, { workspaceId }).then((result) => {
        if (!stopped && result.ok) setRotation(result.value);
      });
    const stop = watchTokenRotation(workspaceScope(workspaceId), read);
    read();
    return () => {
      stopped = true;
      stop();
    };
  }, [workspaceId]);
  return rotation;
}

/**
 * Token rotation (design.md §13): **Rotate tokens every**, **Remind me when tokens are due**, the
 * count due, **Rotate due tokens** (a selection job in the background, confirmed like any mass rotate:
 * design.md §14) and, while rotate jobs' results are held, **Export rotation results** (the new tokens,
 * read through the background) and **Clear rotation results** (RotationResults.tsx). Locked, the
 * job and the exports offer to unlock in place.
 */
export function TokenRotationPanel({
  rotation,
  dueGroups,
  unknownAge,
}: {
  rotation: EffectiveRotation | undefined;
  /** The groups due now, as the list counts them (the background picks them again when the job starts). */
  dueGroups: readonly RegistryEntry[];
  unknownAge: number;
}) {
  const due = dueGroups.length;
  const workspace = useActiveWorkspace();
  const workspaceId = workspace.id;
  const job = useBulkCreateStore((state) => state.job);
  const [message, setMessage] = useState<JobStartResult>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const selectId = useId();
  const hintId = useId();
  const messageRef = useRef<HTMLDivElement>(null);
  const jobUnderWay = job?.status === 'running' || job?.status === 'paused';

  useEffect(() => {
    if (message) messageRef.current?.focus();
  }, [message]);

  if (!rotation) return null;

  async function change(next: { everyDays: RotationPeriod; remind: boolean }) {
    setMessage(undefined);
    const result = await sendMessage(setTokenRotation, { workspaceId, ...next });
    if (!result.ok) setMessage({ kind: 'error', text: messageText(result.error.message) });
  }

  async function remind(checked: boolean) {
    // Asked in this click (browsers allow a request only here); refused, the badge still reminds.
    const granted = checked ? await requestNotifications() : true;
    await change({ everyDays: rotation!.everyDays, remind: checked });
    if (!granted) setMessage({ kind: 'error', text: t('rotationRemindNoPermission') });
  }

  async function rotateDue() {
    setConfirming(false);
    setMessage(undefined);
    setBusy(true);
    const result = await unlockAndRetry(t('rotateDueButton'), () => sendMessage(startRotateDueJob, { workspaceId }));
    setBusy(false);
    setMessage(
      result.ok
        ? { kind: 'success', text: plural('rotateDueStarted', result.value.total), jobStarted: true }
        : { kind: 'error', text: messageText(result.error.message) },
    );
  }

  return (
    <div className="token-rotation" role="group" aria-labelledby={`${selectId}-heading`}>
      <h3 id={`${selectId}-heading`}>{t('rotationHeading')}</h3>
      <div className="toolbar">
        <div className="field">
          <label htmlFor={selectId}>{t('rotationEvery')}</label>
          <select
            id={selectId}
            value={rotation.everyDays}
            disabled={rotation.lockedByPolicy}
            aria-describedby={rotation.lockedByPolicy ? hintId : undefined}
            onChange={(event) =>
              void change({ everyDays: Number(event.target.value) as RotationPeriod, remind: rotation.remind })
            }
          >
            {ROTATION_PERIODS.map((days) => (
              <option key={days} value={days}>
                {days === 0 ? t('rotationOff') : plural('rotationDays', days)}
              </option>
            ))}
          </select>
          {rotation.lockedByPolicy && (
            <span id={hintId} className="hint">
              {t('rotationSetByPolicy')}
            </span>
          )}
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={rotation.remind} onChange={(event) => void remind(event.target.checked)} />
          {t('rotationRemind')}
        </label>
      </div>
      {rotation.everyDays > 0 && (
        <p className="rotation-due">
          {plural('rotationDueCount', due)}
          {unknownAge > 0 && ` ${plural('rotationUnknownAge', unknownAge)}`}
        </p>
      )}
      <div className="actions">
        {rotation.everyDays > 0 && (
          <button type="button" disabled={busy || due === 0 || jobUnderWay} onClick={() => setConfirming(true)}>
            {t('rotateDueButton')}
          </button>
        )}
      </div>
      <RotationResults workspace={workspace} onMessage={setMessage} />
      <div ref={messageRef} tabIndex={-1}>
        <JobStartMessage result={message} job={job} />
      </div>
      {confirming && (
        <MassActionDialog
          operation="rotate"
          selected={dueGroups}
          workspace={workspace}
          body={t('rotateDueBody')}
          onConfirm={() => void rotateDue()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
