import { useEffect, useState } from 'react';
import { Alert } from '@/components/Alert';
import { t } from '@/lib/i18n';
import { messageText } from '@/lib/message-ref';
import { sendMessage } from '@/lib/messaging/client';
import { setNotifyJobEnds } from '@/lib/messaging/messages/notification-messages';
import { canNotify, requestNotifications } from '@/lib/notifications/notifications';
import { readNotifyJobEnds, watchNotifyJobEnds } from '@/lib/storage/job-notifications';

/**
 * **Notify me when a job ends** (design.md §12), in the job panel: where a job the user just started
 * shows, on every section, whatever its kind. One setting for the extension. Ticking it asks for the
 * `notifications` permission in that click (browsers allow a request only there) and turns it on only
 * once granted; it shows ticked only while both hold (the permission can be withdrawn in the browser).
 */
export function NotifyJobEnds() {
  const [on, setOn] = useState<boolean>();
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    let live = true;
    void Promise.all([readNotifyJobEnds(), canNotify()]).then(([stored, granted]) => {
      if (live) setOn(stored && granted);
    });
    const stop = watchNotifyJobEnds((stored) => setOn(stored));
    return () => {
      live = false;
      stop();
    };
  }, []);

  async function change(checked: boolean) {
    setProblem(undefined);
    // Shown as chosen at once; put back if the browser or the background refuses.
    setOn(checked);
    const refused = (text: string) => {
      setOn(!checked);
      setProblem(text);
    };
    if (checked && !(await requestNotifications())) return refused(t('jobNotifyNoPermission'));
    const result = await sendMessage(setNotifyJobEnds, { on: checked });
    if (!result.ok) refused(messageText(result.error.message));
  }

  return (
    <div className="job-notify">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={on ?? false}
          disabled={on === undefined}
          onChange={(event) => void change(event.target.checked)}
        />
        {t('jobNotifyLabel')}
      </label>
      {problem && <Alert>{problem}</Alert>}
    </div>
  );
}
