import { useId, useState } from 'react';
import { resultOf } from '@/components/action-result';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { formatDateTime, t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { createUserGroup, dismissUnsettledCreate } from '@/lib/messaging/messages/user-group-messages';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import type { UnsettledCreate } from '@/lib/storage/registry/registry-schema';
import { useActiveWorkspace } from '../../shared/use-active-workspace';
import { createOutcome } from './create-outcome';
import { describeGroup } from './describe-group';
import type { Outcome } from './outcome';

interface UnsettledCreatesProps {
  onStart: () => void;
  onOutcome: (outcome: Outcome) => void;
}

const keyOf = (create: UnsettledCreate) => `${create.environment}:${create.userGroupId}`;
const refOf = (create: UnsettledCreate) => ({ environment: create.environment, userGroupId: create.userGroupId });
const describe = (create: UnsettledCreate) => describeGroup(create.name, create.environment, create.userGroupId);

/**
 * Creates whose answer was lost, kept in storage by the background until settled: Create again
 * (get-or-create returns a group the service did make, with its token) or Dismiss.
 */
export function UnsettledCreates({ onStart, onOutcome }: UnsettledCreatesProps) {
  const creates = useUserGroupStore((state) => state.unsettledCreates);
  const { id: workspaceId } = useActiveWorkspace();
  const headingId = useId();
  const [busy, setBusy] = useState<string>();
  const [dismissing, setDismissing] = useState<UnsettledCreate>();
  if (creates.length === 0) return null;

  const createAgain = async (create: UnsettledCreate) => {
    onStart();
    setBusy(keyOf(create));
    const request = { name: create.name, userGroupId: create.userGroupId, environment: create.environment };
    const result = await sendMessage(createUserGroup, { workspaceId, ...request });
    setBusy(undefined);
    onOutcome(createOutcome(request, result));
  };

  const dismiss = async (create: UnsettledCreate) => {
    setDismissing(undefined);
    onStart();
    const result = await sendMessage(dismissUnsettledCreate, { workspaceId, ...refOf(create) });
    onOutcome(resultOf(result, t('groupsDismissed', describe(create))));
  };

  return (
    <div role="group" aria-labelledby={headingId} className="unsettled">
      <h3 id={headingId}>{t('groupsUnsettledHeading')}</h3>
      <p className="hint">{t('groupsUnsettledIntro')}</p>
      <ul>
        {[...creates]
          .sort((a, b) => a.since.localeCompare(b.since))
          .map((create) => (
            <li key={keyOf(create)} aria-busy={busy === keyOf(create)}>
              {t('groupsUnsettledItem', describe(create), formatDateTime(create.since))}{' '}
              <button type="button" disabled={busy !== undefined} onClick={() => void createAgain(create)}>
                {t('groupsCreateAgain')}
              </button>{' '}
              <button type="button" disabled={busy !== undefined} onClick={() => setDismissing(create)}>
                {t('groupsDismiss')}
              </button>
            </li>
          ))}
      </ul>
      {dismissing && (
        <ConfirmDialog
          title={t('groupsDismissTitle', dismissing.name)}
          confirmLabel={t('groupsDismiss')}
          onConfirm={() => void dismiss(dismissing)}
          onCancel={() => setDismissing(undefined)}
        >
          {t('groupsDismissBody', describe(dismissing))}
        </ConfirmDialog>
      )}
    </div>
  );
}
