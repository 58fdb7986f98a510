import { useCallback, useState } from 'react';
import { Alert, StatusMessage } from '@/components/Alert';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { maskGroupToken } from '@/lib/connection/mask-secret';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { deleteUserGroup, forgetUserGroup, rotateUserGroupToken } from '@/lib/messaging/messages/user-group-messages';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import { groupKey } from '@/lib/user-groups/filter-groups';
import type { RegistryEntry } from '@/lib/user-groups/registry-schema';
import { useActiveWorkspace } from '../workspaces/use-active-workspace';
import { CreateUserGroupForm } from './CreateUserGroupForm';
import { deleteFailure } from './delete-outcome';
import { DeleteDialog } from './DeleteDialog';
import { describeGroup } from './describe-group';
import type { Outcome } from './outcome';
import { RegistryTransfer } from './RegistryTransfer';
import { UnsettledCreates } from './UnsettledCreates';
import { UserGroupList } from './UserGroupList';
import type { RowAction } from './UserGroupRow';

type Dialog = { kind: RowAction; group: RegistryEntry };

const refOf = (group: RegistryEntry) => ({ environment: group.environment, userGroupId: group.provided_id });
const describe = (group: RegistryEntry) => describeGroup(group.name, group.environment, group.provided_id);

export function UserGroupsSection() {
  const { id: workspaceId } = useActiveWorkspace();
  const groups = useUserGroupStore((state) => state.groups);
  const loaded = useUserGroupStore((state) => state.loaded);
  const [outcome, setOutcome] = useState<Outcome>();
  const [dialog, setDialog] = useState<Dialog>();
  const [busyKeys, setBusyKeys] = useState<ReadonlySet<string>>(new Set());
  /** The next action starts: the last message, and the follow-up it offered, go. */
  const begin = useCallback(() => setOutcome(undefined), []);

  const setBusy = (group: RegistryEntry, busy: boolean) =>
    setBusyKeys((current) => {
      const next = new Set(current);
      if (busy) next.add(groupKey(group));
      else next.delete(groupKey(group));
      return next;
    });

  const rotate = async (group: RegistryEntry) => {
    begin();
    setBusy(group, true);
    const result = await sendMessage(rotateUserGroupToken, { workspaceId, ...refOf(group) });
    setBusy(group, false);
    setOutcome(
      result.ok
        ? { kind: 'success', message: t('groupsRotated', describe(group), maskGroupToken(result.value.group.token)) }
        : { kind: 'error', message: t('groupsNotRotated', describe(group), result.error.message) },
    );
  };

  const remove = async (group: RegistryEntry, dataSourceProvidedId: string) => {
    begin();
    setBusy(group, true);
    const result = await sendMessage(deleteUserGroup, { workspaceId, ...refOf(group), ...(dataSourceProvidedId && { dataSourceProvidedId }) });
    setBusy(group, false);
    setOutcome(result.ok ? { kind: 'success', message: t('groupsDeleted', describe(group)) } : deleteFailure(group, result.error));
  };

  const forget = async (group: RegistryEntry) => {
    begin();
    const result = await sendMessage(forgetUserGroup, { workspaceId, ...refOf(group) });
    setOutcome(result.ok ? { kind: 'success', message: t('groupsForgotten', describe(group)) } : { kind: 'error', message: result.error.message });
  };

  const onAction = useCallback((kind: RowAction, group: RegistryEntry) => setDialog({ kind, group }), []);
  const close = () => setDialog(undefined);
  const offer = outcome?.kind === 'error' ? outcome.offer : undefined;

  return (
    <section aria-labelledby="groups-heading">
      <h2 id="groups-heading">{t('groupsHeading')}</h2>
      <CreateUserGroupForm onStart={begin} onOutcome={setOutcome} />
      {outcome?.kind === 'error' && (
        <Alert>
          {outcome.message}
          {offer && (
            <>
              {' '}
              <button type="button" onClick={() => setDialog({ kind: 'forget', group: offer.group })}>
                {t('groupsForgetButton')}
              </button>
            </>
          )}
        </Alert>
      )}
      {outcome?.kind === 'success' && <StatusMessage>{outcome.message}</StatusMessage>}
      <UnsettledCreates onStart={begin} onOutcome={setOutcome} />
      {/* Choosing a file starts an import: the last message goes (the import reports its own). */}
      <div onChangeCapture={begin}>
        <RegistryTransfer onOutcome={setOutcome} />
      </div>
      {loaded ? <UserGroupList groups={groups} busyKeys={busyKeys} onAction={onAction} /> : <p aria-busy="true">{t('groupsLoading')}</p>}
      {dialog?.kind === 'rotate' && (
        <ConfirmDialog title={t('groupsRotateTitle', dialog.group.name)} onConfirm={() => { close(); void rotate(dialog.group); }} onCancel={close}>
          {t('groupsRotateBody', describe(dialog.group))}
        </ConfirmDialog>
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog group={dialog.group} onConfirm={(dataSourceId) => { close(); void remove(dialog.group, dataSourceId); }} onCancel={close} />
      )}
      {dialog?.kind === 'forget' && (
        <ConfirmDialog title={t('groupsForgetTitle', dialog.group.name)} onConfirm={() => { close(); void forget(dialog.group); }} onCancel={close}>
          {t('groupsForgetBody')}
        </ConfirmDialog>
      )}
    </section>
  );
}
