import { ActionMessage } from '@/components/ActionMessage';
import { CopyButton } from '@/components/CopyButton';
import { t } from '@/lib/i18n';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import type { Outcome } from './outcome';
import { sectionHref } from '@/lib/url/section-routes';
import { useBulkCreateStore } from '@/lib/stores/bulk-create-store';
import { GoToJobButton, whileItsJobRuns } from '../../shared/job/GoToJobButton';
import { prepareClipboardClear } from './copy-token';

export { needsSettings } from './needs-settings';

interface OutcomeMessageProps {
  outcome: Outcome | undefined;
  /** The follow-up a refused delete offers: remove the group from this browser only. */
  onForget: (group: RegistryEntry) => void;
}

/**
 * The section's one message: an alert for an error (with its follow-up), a status for a success (with
 * Copy token after a create, and the way to the job panel after a job started, while that job runs).
 */
export function OutcomeMessage(props: OutcomeMessageProps) {
  const { onForget } = props;
  const outcome = whileItsJobRuns(
    props.outcome,
    useBulkCreateStore((state) => state.job),
  );
  return (
    <ActionMessage result={outcome}>
      {outcome?.kind === 'error' && (
        <FollowUp settingsLink={outcome.settingsLink} offer={outcome.offer} onForget={onForget} />
      )}
      {outcome?.kind === 'success' && outcome.created && (
        <>
          {' '}
          <CopyButton
            value={outcome.created.token}
            label={t('groupsCopyToken')}
            accessibleName={t('groupsCopyTokenOf', outcome.created.name)}
            prepare={prepareClipboardClear}
          />
        </>
      )}
      {outcome?.jobStarted && (
        <>
          {' '}
          <GoToJobButton />
        </>
      )}
    </ActionMessage>
  );
}

interface FollowUpProps extends Pick<Outcome, 'settingsLink' | 'offer'> {
  onForget: OutcomeMessageProps['onForget'];
}

/** After an error: the link to the Connection section, and the offer to remove the group from this browser. */
function FollowUp({ settingsLink, offer, onForget }: FollowUpProps) {
  return (
    <>
      {settingsLink && (
        <>
          {' '}
          <a href={sectionHref('connection')}>{t('groupsCheckConnection')}</a>.
        </>
      )}
      {offer && (
        <>
          {' '}
          <button type="button" onClick={() => onForget(offer.group)}>
            {t('groupsForgetButton')}
          </button>
        </>
      )}
    </>
  );
}
