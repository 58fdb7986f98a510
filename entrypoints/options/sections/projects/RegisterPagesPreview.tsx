import { plural, t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { startRegisterPages } from '@/lib/messaging/messages/register-pages-messages';
import { skippedCount, type PagePlan } from '@/lib/projects/page-list/plan-pages';
import { isActive } from '@/lib/storage/jobs/job-progress-schema';
import { MAX_REGISTER_PAGES } from '@/lib/storage/register-job/register-job-schema';
import { useRegisterPagesStore } from '@/lib/stores/register-pages-store';
import { CutList } from '../../shared/CutList';
import { JobPreview } from '../../shared/job/JobPreview';
import { useActiveWorkspace } from '../../shared/use-active-workspace';

interface RegisterPagesPreviewProps {
  plan: PagePlan;
  includeRegistered: boolean;
  onIncludeRegistered: (include: boolean) => void;
  /** The chosen rate; undefined while the field holds no valid rate. */
  rate: number | undefined;
  onStarted: (message: string) => void;
  onProblem: (message: string) => void;
}

const lineOf = (page: { line: number }) => page.line;
const pageLine = (page: { line: number; url: string }) => t('registerLineRow', page.line, page.url);

/** What Register N pages would do, before anything is sent, and the button that starts the job. */
export function RegisterPagesPreview(props: RegisterPagesPreviewProps) {
  const { plan, includeRegistered, onIncludeRegistered, rate, onStarted, onProblem } = props;
  const { id: workspaceId } = useActiveWorkspace();
  const running = useRegisterPagesStore((state) => isActive(state.job));
  const count = plan.toRegister.length;

  return (
    <JobPreview
      kind="register"
      heading={t('registerPreviewHeading')}
      summaryLabel={t('registerSummary')}
      counts={t(
        'registerCounts',
        plural('registerCountToRegister', count),
        plural('registerDuplicatesSummary', plan.duplicates.length),
        plural('registerCountRegistered', plan.registered.length),
        plural('registerCountInvalid', plan.invalid.length),
      )}
      count={count}
      rate={rate}
      startLabel={plural('registerStart', count)}
      running={running}
      runningHint={t('registerAnotherRunning')}
      start={(ratePerMinute) =>
        sendMessage(startRegisterPages, {
          workspaceId,
          pages: plan.toRegister,
          skipped: skippedCount(plan, includeRegistered),
          ratePerMinute,
        })
      }
      onStarted={(total) => onStarted(plural('registerStarted', total))}
      onProblem={onProblem}
    >
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
          <CutList
            folded={plural('registerRegisteredSummary', plan.registered.length)}
            items={plan.registered}
            itemKey={lineOf}
            render={pageLine}
          />
        </>
      )}
      {plan.duplicates.length > 0 && (
        <CutList
          folded={plural('registerDuplicatesSummary', plan.duplicates.length)}
          items={plan.duplicates}
          itemKey={lineOf}
          render={pageLine}
        />
      )}
      {plan.invalid.length > 0 && (
        <>
          <h4 id="register-invalid-heading">{t('registerInvalidList')}</h4>
          <CutList
            items={plan.invalid}
            itemKey={lineOf}
            labelledBy="register-invalid-heading"
            render={(line) => t('registerInvalidRow', line.line, line.text, line.reason)}
          />
        </>
      )}
    </JobPreview>
  );
}
