import { useState } from 'react';
import { plural, t } from '@/lib/i18n';
import { messageText } from '@/lib/message-ref';
import { sendMessage } from '@/lib/messaging/client';
import { startRegisterPages } from '@/lib/messaging/messages/register-pages-messages';
import { skippedCount, type PagePlan } from '@/lib/projects/page-list/plan-pages';
import { isActive } from '@/lib/storage/jobs/job-progress-schema';
import { MAX_REGISTER_PAGES } from '@/lib/storage/register-job/register-job-schema';
import { useRegisterPagesStore } from '@/lib/stores/register-pages-store';
import { formatEstimate } from '../../shared/job-pace';
import { useActiveWorkspace } from '../../shared/use-active-workspace';

/** Long lists are cut here in the preview (the counts stay whole). */
const SHOWN = 500;

interface RegisterPagesPreviewProps {
  plan: PagePlan;
  includeRegistered: boolean;
  onIncludeRegistered: (include: boolean) => void;
  /** The chosen rate; undefined while the field holds no valid rate. */
  rate: number | undefined;
  onStarted: (message: string) => void;
  onProblem: (message: string) => void;
}

/** What Register N pages would do, before anything is sent, and the button that starts the job. */
export function RegisterPagesPreview(props: RegisterPagesPreviewProps) {
  const { plan, includeRegistered, onIncludeRegistered, rate, onStarted, onProblem } = props;
  const { id: workspaceId } = useActiveWorkspace();
  const running = useRegisterPagesStore((state) => isActive(state.job));
  const [busy, setBusy] = useState(false);
  const count = plan.toRegister.length;

  const start = async () => {
    if (rate === undefined || count === 0) return;
    setBusy(true);
    const result = await sendMessage(startRegisterPages, {
      workspaceId,
      pages: plan.toRegister,
      skipped: skippedCount(plan, includeRegistered),
      ratePerMinute: rate,
    });
    setBusy(false);
    if (result.ok) onStarted(plural('registerStarted', result.value.total));
    else onProblem(messageText(result.error.message));
  };

  return (
    <div role="group" className="preview" aria-labelledby="register-preview-heading">
      <h3 id="register-preview-heading">{t('registerPreviewHeading')}</h3>
      <p aria-label={t('registerSummary')}>
        {t('registerCounts', count, plan.duplicates.length, plan.registered.length, plan.invalid.length)}
        {count > 0 && rate !== undefined && ` ${t('bulkEstimate', formatEstimate(count, rate))}`}
      </p>
      {plan.overLimit > 0 && <p className="hint">{plural('registerOverLimit', plan.overLimit, MAX_REGISTER_PAGES)}</p>}
      {plan.registered.length > 0 && (
        <>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={includeRegistered}
              onChange={(event) => onIncludeRegistered(event.target.checked)}
            />
            {t('registerIncludeRegistered')}
          </label>
          <details>
            <summary>{plural('registerRegisteredSummary', plan.registered.length)}</summary>
            <ul className="preview-list">
              {plan.registered.slice(0, SHOWN).map((page) => (
                <li key={page.line}>{t('registerLineRow', page.line, page.url)}</li>
              ))}
            </ul>
          </details>
        </>
      )}
      {plan.duplicates.length > 0 && (
        <details>
          <summary>{plural('registerDuplicatesSummary', plan.duplicates.length)}</summary>
          <ul className="preview-list">
            {plan.duplicates.slice(0, SHOWN).map((page) => (
              <li key={page.line}>{t('registerLineRow', page.line, page.url)}</li>
            ))}
          </ul>
        </details>
      )}
      {plan.invalid.length > 0 && (
        <>
          <h4 id="register-invalid-heading">{t('registerInvalidList')}</h4>
          <ul aria-labelledby="register-invalid-heading" className="preview-list">
            {plan.invalid.slice(0, SHOWN).map((line) => (
              <li key={line.line}>{t('registerInvalidRow', line.line, line.text, line.reason)}</li>
            ))}
            {plan.invalid.length > SHOWN && (
              <li className="hint">{plural('optionsListMore', plan.invalid.length - SHOWN)}</li>
            )}
          </ul>
        </>
      )}
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={busy || running || count === 0 || rate === undefined}
          aria-busy={busy}
          onClick={() => void start()}
        >
          {plural('registerStart', count)}
        </button>
        {running && <span className="hint">{t('registerAnotherRunning')}</span>}
      </div>
    </div>
  );
}
