import { useCallback, useEffect, useMemo, useState } from 'react';
import { resultOf } from '@/components/action-result';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { maskGroupToken } from '@/lib/connection/mask-secret';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { deleteUserGroup, forgetUserGroup, rotateUserGroupToken } from '@/lib/messaging/messages/user-group-messages';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import { groupKey } from '@/lib/storage/registry/registry-schema';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { useActiveWorkspace } from '../../shared/use-active-workspace';
import { CreateUserGroupForm } from './CreateUserGroupForm';
import { deleteFailure } from './delete-outcome';
import { DeleteDialog } from './DeleteDialog';
import { describeGroup } from './describe-group';
import type { Outcome } from './outcome';
import { RegistryTransfer } from './RegistryTransfer';
import { UnsettledCreates } from './UnsettledCreates';
import { needsSettings, OutcomeMessage } from './OutcomeMessage';
import { SelectionBar } from './SelectionBar';
import { UserGroupList } from './UserGroupList';
import type { RowAction } from './UserGroupRow';
import { messageText } from '@/lib/message-ref';
import { listErrorText } from './list-error-text';
import { ageCounts } from '@/lib/user-groups/token-age';
import { TokenRotationPanel, useTokenRotation } from './TokenRotationPanel';

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
  const rotation = useTokenRotation(workspaceId);
  const everyDays = rotation?.everyDays ?? 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // A token turns due with the day: counted again every hour, and whenever the registry or the period changes.
    const timer = setInterval(() => setNow(Date.now()), 3_600_000);
    return () => clearInterval(timer);
  }, []);
  const age = useMemo(() => ageCounts(groups, everyDays, now), [groups, everyDays, now]);
  /** The next action starts: the last message, and the follow-up it offered, go. */
  const begin = useCallback(() => setOutcome(undefined), []);
  // Choosing a file anywhere on the page (Add groups from file) starts an import or a bulk create, which
  // reports its own result: this section's last message goes.
  useEffect(() => {
    const onChange = (event: Event) => {
      if (event.target instanceof HTMLInputElement && event.target.type === 'file') begin();
    };
    document.addEventListener('change', onChange, true);
    return () => document.removeEventListener('change', onChange, true);
  }, [begin]);

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
    const key = groupKey(group);
    setOutcome(
      result.ok
        ? {
            kind: 'success',
            place: 'list',
            text: t('groupsRotated', describe(group), maskGroupToken(result.value.group.token)),
            row: { key, text: t('groupsRowRotated', maskGroupToken(result.value.group.token)) },
          }
        : {
            kind: 'error',
            place: 'list',
            text: t('groupsNotRotated', describe(group), listErrorText(result.error)),
            row: { key, text: t('groupsRowNotRotated', messageText(result.error.message)) },
            settingsLink: needsSettings(result.error),
          },
    );
  };

  const remove = async (group: RegistryEntry, dataSourceProvidedId: string) => {
    begin();
    setBusy(group, true);
    const result = await sendMessage(deleteUserGroup, {
      workspaceId,
      ...refOf(group),
      ...(dataSourceProvidedId && { dataSourceProvidedId }),
    });
    setBusy(group, false);
    setOutcome(
      result.ok
        ? { kind: 'success', place: 'list', text: t('groupsDeleted', describe(group)) }
        : {
            ...deleteFailure(group, result.error),
            place: 'list',
            // A refusal flags the group: its row says so in the flag's words, not "Not deleted".
            ...(result.error.code !== 'REJECTED' && {
              row: { key: groupKey(group), text: t('groupsRowNotDeleted', messageText(result.error.message)) },
            }),
            settingsLink: needsSettings(result.error),
          },
    );
  };

  const forget = async (group: RegistryEntry) => {
    begin();
    const result = await sendMessage(forgetUserGroup, { workspaceId, ...refOf(group) });
    setOutcome({ ...resultOf(result, t('groupsForgotten', describe(group))), place: 'list' });
  };

  const onAction = useCallback((kind: RowAction, group: RegistryEntry) => setDialog({ kind, group }), []);
  const close = () => setDialog(undefined);
  const onForget = useCallback((group: RegistryEntry) => setDialog({ kind: 'forget', group }), []);
  const note = useMemo(() => outcome?.row && { ...outcome.row, kind: outcome.kind }, [outcome]);
  const inList = outcome?.place === 'list';

  return (
    <section aria-labelledby="groups-heading">
      <h2 id="groups-heading">{t('groupsHeading')}</h2>
      <CreateUserGroupForm onStart={begin} onOutcome={setOutcome} />
      {!inList && <OutcomeMessage outcome={outcome} onForget={onForget} />}
      <UnsettledCreates onStart={begin} onOutcome={setOutcome} />
      <RegistryTransfer onOutcome={setOutcome} />
      {loaded && groups.length > 0 && <TokenRotationPanel rotation={rotation} due={age.due} unknownAge={age.unknown} />}
      {loaded ? (
        <UserGroupList
          groups={groups}
          busyKeys={busyKeys}
          onAction={onAction}
          note={note}
          rotation={{ everyDays, due: age.due }}
          renderMessages={({ selected, clear }) => (
            <>
              <SelectionBar selected={selected} onClear={clear} onStart={begin} onOutcome={setOutcome} />
              {inList && <OutcomeMessage outcome={outcome} onForget={onForget} />}
            </>
          )}
        />
      ) : (
        <p aria-busy="true">{t('groupsLoading')}</p>
      )}
      {dialog?.kind === 'rotate' && (
        <ConfirmDialog
          title={t('groupsRotateTitle', dialog.group.name)}
          confirmLabel={dialog.group.rotation?.state === 'unknown' ? t('groupsRetryRotation') : t('groupsRotateToken')}
          onConfirm={() => {
            close();
            void rotate(dialog.group);
          }}
          onCancel={close}
        >
          {t('groupsRotateBody', describe(dialog.group))}
        </ConfirmDialog>
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          group={dialog.group}
          onConfirm={(dataSourceId) => {
            close();
            void remove(dialog.group, dataSourceId);
          }}
          onCancel={close}
        />
      )}
      {dialog?.kind === 'forget' && (
        <ConfirmDialog
          title={t('groupsForgetTitle', dialog.group.name)}
          confirmLabel={t('groupsForgetButton')}
          onConfirm={() => {
            close();
            void forget(dialog.group);
          }}
          onCancel={close}
        >
          {t('groupsForgetBody')}
        </ConfirmDialog>
      )}
    </section>
  );
}
