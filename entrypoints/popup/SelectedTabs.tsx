import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { Alert } from '@/components/Alert';
import { plural, t } from '@/lib/i18n';
import { DEFAULT_RATE_PER_MINUTE } from '@/lib/jobs/job-pacing';
import { messageText } from '@/lib/message-ref';
import { sendMessage } from '@/lib/messaging/client';
import { startRegisterPages } from '@/lib/messaging/messages/register-pages-messages';
import { planPages, skippedCount } from '@/lib/projects/page-list/plan-pages';
import { openSettingsAt } from './open-settings';
import { readSelectedTabs } from '@/lib/tabs/lent-tabs-permission';

type Outcome = { kind: 'started'; text: string } | { kind: 'error'; text: string };

/**
 * With several tabs selected (highlighted) in the window: Register N selected tabs, the same job as
 * Options → Projects → Register pages. Counting the selected tabs needs no permission; their addresses
 * and titles need `tabs`, asked for in the click (its first await) and given back once they are read.
 * With one tab selected nothing shows.
 * The popup counts the tabs after its first paint and loads this module only for two or more (App.tsx).
 */
export default function SelectedTabs({ workspaceId, count }: { workspaceId: string; count: number }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  // Held already (granted before, or a dev or e2e build): the click asks nothing and nothing is given
  // back. Looked up beforehand, since the request must be the click's first await for the browser to
  // see a user's action; undefined until known (then what is granted is kept).
  const [held, setHeld] = useState<boolean>();
  useEffect(() => {
    void browser.permissions.contains({ permissions: ['tabs'] }).then(setHeld, () => setHeld(undefined));
  }, []);

  if (count < 2) return null;

  const register = async () => {
    setOutcome(undefined);
    const granted = held || (await browser.permissions.request({ permissions: ['tabs'] }).catch(() => false));
    if (!granted) return setOutcome({ kind: 'error', text: t('popupTabsRefused') });
    setBusy(true);
    // Read, then `tabs` given back (lib/tabs/lent-tabs-permission.ts: the background gives it back too).
    const tabs = await readSelectedTabs(held);
    const listed = tabs.flatMap((tab, index) =>
      tab.url ? [{ line: index + 1, url: tab.url, ...(tab.title?.trim() && { name: tab.title.trim() }) }] : [],
    );
    // The user chose these tabs: pages already registered are registered again; duplicates and pages
    // that cannot be registered (browser pages) are left out.
    const plan = planPages(listed, [], true);
    if (plan.toRegister.length === 0) {
      setBusy(false);
      return setOutcome({ kind: 'error', text: t('popupTabsNothing') });
    }
    const result = await sendMessage(startRegisterPages, {
      workspaceId,
      pages: plan.toRegister,
      skipped: skippedCount(plan, true),
      ratePerMinute: DEFAULT_RATE_PER_MINUTE,
    });
    setBusy(false);
    setOutcome(
      result.ok
        ? { kind: 'started', text: plural('registerStarted', result.value.total) }
        : { kind: 'error', text: messageText(result.error.message) },
    );
  };

  return (
    <div className="selected-tabs">
      <button type="button" disabled={busy} aria-busy={busy} onClick={() => void register()}>
        {plural('popupRegisterTabs', count)}
      </button>
      <p className="hint">{t('popupRegisterTabsHint')}</p>
      <div role="status">
        {outcome?.kind === 'started' && (
          <p>
            {outcome.text}{' '}
            <button type="button" className="link" onClick={() => openSettingsAt('projects')}>
              {t('popupViewRegistration')}
            </button>
          </p>
        )}
      </div>
      {outcome?.kind === 'error' && <Alert>{outcome.text}</Alert>}
    </div>
  );
}
