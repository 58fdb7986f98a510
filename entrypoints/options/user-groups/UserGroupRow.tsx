import { memo, useId, useState } from 'react';
import { CopyButton } from '@/components/CopyButton';
import { maskGroupToken } from '@/lib/connection/mask-secret';
import { t } from '@/lib/i18n';
import type { RegistryEntry } from '@/lib/user-groups/registry-schema';

/** `delete` is Retry delete on a group whose delete was not answered; `forget` removes it from this browser only. */
export type RowAction = 'rotate' | 'delete' | 'forget';

interface UserGroupRowProps {
  group: RegistryEntry;
  rowIndex: number;
  busy: boolean;
  onAction: (action: RowAction, group: RegistryEntry) => void;
}

function formatTime(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

/**
 * One group: its token is masked until revealed, and flagged when it may no longer be current, or
 * when the group may already be deleted (then Rotate is off: get-or-create would bring it back).
 */
export const UserGroupRow = memo(function UserGroupRow({ group, rowIndex, busy, onAction }: UserGroupRowProps) {
  const [revealed, setRevealed] = useState(false);
  const deleteFlagId = useId();
  const maybeDeleted = group.deleteOutcomeUnknown !== undefined;
  const uncertain = group.rotation !== undefined || maybeDeleted;
  return (
    <div role="row" aria-rowindex={rowIndex} className={uncertain ? 'group-row uncertain' : 'group-row'} aria-busy={busy}>
      <div role="cell" className="cell-name">{group.name}</div>
      <div role="cell" className="cell-id">{group.provided_id}</div>
      <div role="cell">{group.environment}</div>
      <div role="cell" className="cell-token">
        <code>{revealed ? group.token : maskGroupToken(group.token)}</code>{' '}
        <button type="button" className="link" aria-pressed={revealed} onClick={() => setRevealed(!revealed)}>
          {revealed ? t('groupsHideToken') : t('groupsShowToken')}
        </button>
        {group.rotation && (
          <p className="flag">
            {group.rotation.state === 'pending' ? t('groupsRotationPending') : t('groupsRotationUnknown')}
          </p>
        )}
        {maybeDeleted && (
          <p className="flag" id={deleteFlagId}>
            {t('groupsDeleteUnknownFlag')} {t('groupsDeleteUnknownHint')}
          </p>
        )}
      </div>
      <div role="cell" className="cell-time">
        {formatTime(group.lastRotatedAt ?? group.createdAt)}
      </div>
      <div role="cell" className="actions">
        <CopyButton value={group.token} label={t('groupsCopyToken')} />
        <button type="button" disabled={busy || maybeDeleted} aria-describedby={maybeDeleted ? deleteFlagId : undefined} onClick={() => onAction('rotate', group)}>
          {group.rotation?.state === 'unknown' ? t('groupsRetryRotation') : t('groupsRotateToken')}
        </button>
        <button type="button" className="danger" disabled={busy} onClick={() => onAction('delete', group)}>
          {maybeDeleted ? t('groupsRetryDelete') : t('groupsDelete')}
        </button>
        {maybeDeleted && (
          <button type="button" disabled={busy} onClick={() => onAction('forget', group)}>
            {t('groupsForgetButton')}
          </button>
        )}
      </div>
    </div>
  );
});
