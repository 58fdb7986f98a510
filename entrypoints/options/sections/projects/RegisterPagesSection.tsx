import { useDeferredValue, useMemo, useState } from 'react';
import { errorResult, successResult } from '@/components/action-result';
import { LiveActionMessage } from '@/components/ActionMessage';
import { t } from '@/lib/i18n';
import { parsePageText } from '@/lib/projects/page-list/page-lines';
import { planPages } from '@/lib/projects/page-list/plan-pages';
import { useProjectHistoryStore } from '@/lib/stores/project-history-store';
import { useRegisterPagesStore } from '@/lib/stores/register-pages-store';
import { whileItsJobRuns, type JobStartResult } from '../../shared/job/GoToJobButton';
import { RateField, useRate } from '../../shared/job/RateField';
import { PagesFromFile, SitemapFetch } from './PageSources';
import { RegisterJobProgress } from './RegisterJobProgress';
import { RegisterPagesPreview } from './RegisterPagesPreview';
import { useRegisterDraft } from './register-draft';
import { useActiveWorkspace } from '../../shared/use-active-workspace';

/**
 * Options → Projects → Register pages (design.md §12): addresses pasted, read from a file or from a
 * sitemap all land in one text area (kept while the page is open: register-draft.ts); the preview below
 * it says what Register N pages would do; the workspace's job, running or last, shows with its results.
 */
export function RegisterPagesSection() {
  const history = useProjectHistoryStore((state) => state.entries);
  const job = useRegisterPagesStore((state) => state.job);
  const [addresses, setAddresses] = useRegisterDraft(useActiveWorkspace().id);
  const [includeRegistered, setIncludeRegistered] = useState(false);
  const [outcome, setOutcome] = useState<JobStartResult>();
  const rate = useRate();
  // Typing stays responsive on a long list: the preview catches up with the deferred text.
  const deferred = useDeferredValue(addresses);
  const listed = useMemo(() => parsePageText(deferred), [deferred]);
  const registeredUrls = useMemo(() => history.map((entry) => entry.projectUrl), [history]);
  const plan = useMemo(
    () => planPages(listed, registeredUrls, includeRegistered),
    [listed, registeredUrls, includeRegistered],
  );

  /** What a file or a sitemap found goes after what is already there, on lines of its own. */
  const append = (lines: string) => {
    setAddresses((current) => (current.trim() === '' ? lines : `${current.replace(/\s*$/, '')}\n${lines}`));
  };

  return (
    <section id="register-pages" aria-labelledby="register-pages-heading">
      <h2 id="register-pages-heading">{t('registerHeading')}</h2>
      <p className="hint">{t('registerIntro')}</p>
      <div className="field">
        <label htmlFor="register-addresses">{t('registerAddresses')}</label>
        <textarea
          id="register-addresses"
          className="register-addresses"
          rows={8}
          spellCheck={false}
          aria-describedby="register-addresses-hint"
          value={addresses}
          onChange={(event) => setAddresses(event.target.value)}
        />
        <p id="register-addresses-hint" className="hint">
          {t('registerAddressesHint')}
        </p>
      </div>
      <div className="row-fields">
        <PagesFromFile
          onFound={(lines, message) => {
            append(lines);
            setOutcome(successResult(message));
          }}
          onProblem={(message) => setOutcome(errorResult(message))}
          onChoosing={() => setOutcome(undefined)}
        />
        <SitemapFetch
          onFound={(lines, message) => {
            append(lines);
            setOutcome(successResult(message));
          }}
          onProblem={(message) => setOutcome(errorResult(message))}
          onStarting={() => setOutcome(undefined)}
        />
      </div>
      {/* "Registering 42 pages…" lasts while that job runs: its screen, below, then says how it ended. */}
      <LiveActionMessage result={whileItsJobRuns(outcome, job)} />
      <RateField {...rate.field} />
      {listed.length > 0 && (
        <RegisterPagesPreview
          plan={plan}
          includeRegistered={includeRegistered}
          onIncludeRegistered={setIncludeRegistered}
          rate={rate.rate}
          onStarted={(message) => {
            setAddresses('');
            setOutcome({ ...successResult(message), jobStarted: true });
          }}
          onProblem={(message) => setOutcome(errorResult(message))}
        />
      )}
      {job && <RegisterJobProgress job={job} />}
    </section>
  );
}
