import { useEffect, useState } from 'react';
import { t, uiLanguage } from '@/lib/i18n';
import { lastCallSucceeded, type ApiCallState } from '@/lib/storage/api-health';
import { relativeTime } from '@/lib/time/relative-time';
import { messageText } from '@/lib/message-ref';

/** How often "2 minutes ago" is brought up to date while the page is open. */
const TICK_MS = 30_000;

/**
 * How an API's last call ended: the service has no call without side effects, so this is what the
 * form can say about a connection: when its last call succeeded, or when and why it last failed.
 */
export function ApiHealthLine({ api, state }: { api: string; state: ApiCallState | undefined }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const succeeded = state && lastCallSucceeded(state);
  let text: string;
  if (succeeded === undefined || !state) text = t('healthNotUsed', api);
  else if (succeeded) text = t('healthSucceeded', api, relativeTime(state.lastSuccessAt!, now, uiLanguage()));
  else
    text = t(
      'healthFailed',
      api,
      relativeTime(state.lastFailure!.at, now, uiLanguage()),
      messageText(state.lastFailure!.message),
    );
  return <p className={succeeded === false ? 'hint health failed' : 'hint health'}>{text}</p>;
}
