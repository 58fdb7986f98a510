import { useCallback, useEffect, useMemo, useState } from 'react';
import { resultOf } from '@/components/action-result';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import UnlockForm from '@/components/UnlockForm';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { deleteUserGroup, forgetUserGroup, rotateUserGroupToken } from '@/lib/messaging/messages/user-group-messages';
import { useConnectionStore } from '@/lib/stores/connection-store';
import { refreshLockStatus, useLockStore, useTokensSealed } from '@/lib/stores/lock-store';
import { untilListed, useUserGroupStore } from '@/lib/stores/user-group-store';
import { groupKey } from '@/lib/storage/registry/registry-schema';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { unlockAndRetry } from '../../shared/unlock-in-place';
import { useActiveWorkspace } from '../../shared/use-active-workspace';
import { CreateUserGroupForm } from './CreateUserGroupForm';
import { deleteFailure } from './delete-outcome';
import { DeleteDialog } from './DeleteDialog';
import { describeGroup } from './describe-group';
import { readGroupToken } from './group-token';
import type { Outcome } from './outcome';
import { RegistryTransfer } from './RegistryTransfer';
import { rotateOutcome } from './rotate-outcome';
import { UnsettledCreates } from './UnsettledCreates';
import { OutcomeMessage } from './OutcomeMessage';
import { SelectionBar } from './SelectionBar';
import { UserGroupList } from './UserGroupList';
import type { RowAction } from './row-menu-items';
import type { ReadToken } from './UserGroupRow';
import { ageCounts, dueGroups } from '@/lib/user-groups/registry-views/token-age';
import { TokenRotationPanel, useTokenRotation } from './TokenRotationPanel';
import { ClipboardClearSetting } from './ClipboardClearSetting';
import { followClipboardClear } from '@/lib/stores/clipboard-clear-store';

type Dialog = { kind: RowAction; group: RegistryEntry };

const refOf = (group: RegistryEntry) => ({ environment: group.environment, userGroupId: group.provided_id });
const describe = (group: RegistryEntry) => describeGroup(group.name, group.environment, group.provided_id);
const NOTHING_PINNED: readonly string[] = [];

/**
 * Create, the list and its actions. `locked`: the passphrase lock is closed and this workspace has the
 * user group API: the section says "Locked", offers Passphrase and Unlock right here, and Create is off
 * with the reason (issue 26, point 7).
 */
export function UserGroupsSection({ locked = false }: { locked?: boolean }) {
  const { id: workspaceId } = useActiveWorkspace();
  const groups = useUserGroupStore((state) => state.groups);
  const loaded = useUserGroupStore((state) => state.loaded);
  const tokensSealed = useTokensSealed();
  const lockClosings = useLockStore((state) => state.closings);
  const preview = useUserGroupStore((state) => state.preview);
  const firstScreen = useUserGroupStore((state) => state.firstScreen);
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
  // Clear clipboard after and the permissions it needs, which every Copy token of this section reads in its click.
  useEffect(() => followClipboardClear(), []);
  const age = useMemo(() => ageCounts(groups, everyDays, now), [groups, everyDays, now]);
  const due = useMemo(() => dueGroups(groups, everyDays, now), [groups, everyDays, now]);
  /** The next action starts: the last message, the follow-up it offered and the group it pinned, go. */
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
    const result = await unlockAndRetry(t('groupsRotateToken'), () =>
      sendMessage(rotateUserGroupToken, { workspaceId, ...refOf(group) }),
    );
    // Said once the row holds the new token: Show or Copy token right after the message gives the new one.
    if (result.ok) await untilListed(result.value.group);
    setBusy(group, false);
    setOutcome(rotateOutcome(group, result));
  };

  const remove = async (group: RegistryEntry, dataSourceProvidedId: string) => {
    begin();
    setBusy(group, true);
    const result = await unlockAndRetry(t('groupsDeleteGroup'), () =>
      sendMessage(deleteUserGroup, {
        workspaceId,
        ...refOf(group),
        ...(dataSourceProvidedId && { dataSourceProvidedId }),
      }),
    );
    setBusy(group, false);
    setOutcome(
      result.ok
        ? { kind: 'success', place: 'list', text: t('groupsDeleted', describe(group)) }
        : { ...deleteFailure(group, result.error), place: 'list' },
    );
  };

  const forget = async (group: RegistryEntry) => {
    begin();
    const result = await sendMessage(forgetUserGroup, { workspaceId, ...refOf(group) });
    setOutcome({ ...resultOf(result, t('groupsForgotten', describe(group))), place: 'list' });
  };

  /** Show and Copy token: the stored token, or the sealed one opened by the background (unlocking in place). */
  const readToken = useCallback<ReadToken>(
    async (group, action) => {
      const answer = await readGroupToken(workspaceId, group, action);
      if ('token' in answer) return answer;
      if (answer.problem)
        setOutcome({
          kind: 'error',
          place: 'list',
          text: t('groupsTokenUnreadable', describe(group), answer.problem),
        });
      return undefined;
    },
    [workspaceId],
  );

  const onAction = useCallback((kind: RowAction, group: RegistryEntry) => setDialog({ kind, group }), []);
  const close = () => setDialog(undefined);
  const onForget = useCallback((group: RegistryEntry) => setDialog({ kind: 'forget', group }), []);
  const note = useMemo(() => outcome?.row && { ...outcome.row, kind: outcome.kind }, [outcome]);
  const pinned = useMemo(() => (outcome?.created ? [outcome.created.key] : NOTHING_PINNED), [outcome]);
  const inList = outcome?.place === 'list';

  // Until the first rows (or the whole registry) are in, the heading and "Loading…" only: the section is
  // then drawn once, with its rows, instead of once without them and again with them.
  if (!firstScreen)
    return (
      <section aria-labelledby="groups-heading">
        <h2 id="groups-heading">{t('groupsHeading')}</h2>
        <p aria-busy="true">{t('groupsLoading')}</p>
      </section>
    );
  return (
    <section aria-labelledby="groups-heading">
      <h2 id="groups-heading">{t('groupsHeading')}</h2>
      {locked && <GroupsLocked />}
      <CreateUserGroupForm onStart={begin} onOutcome={setOutcome} locked={locked} />
      {!inList && <OutcomeMessage outcome={outcome} onForget={onForget} />}
      <UnsettledCreates onStart={begin} onOutcome={setOutcome} />
      <RegistryTransfer onOutcome={setOutcome} />
      {loaded && groups.length > 0 && (
        <>
          <TokenRotationPanel rotation={rotation} dueGroups={due} unknownAge={age.unknown} />
          <ClipboardClearSetting />
        </>
      )}
      {loaded || preview ? (
        <UserGroupList
          groups={loaded || !preview ? groups : (preview.rows as RegistryEntry[])}
          loading={loaded ? undefined : preview?.counts}
          busyKeys={busyKeys}
          onAction={onAction}
          note={note}
          rotation={{ everyDays, due: age.due }}
          pinnedKeys={pinned}
          tokensSealed={tokensSealed}
          lockClosings={lockClosings}
          readToken={readToken}
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

/** "Locked", what waits for the passphrase, and Passphrase and Unlock in place (the shared UnlockForm). */
function GroupsLocked() {
  const unlocked = () => {
    void refreshLockStatus();
    void useConnectionStore.getState().refresh();
  };
  return (
    <div role="group" aria-labelledby="groups-locked-heading" className="locked-box">
      <h3 id="groups-locked-heading">{t('groupsLockedHeading')}</h3>
      <p>{t('groupsLockedBody')}</p>
      <UnlockForm onUnlocked={unlocked} />
    </div>
  );
}
