import { memo, useState } from 'react';
import { CopyButton } from '@/components/CopyButton';
import { t } from '@/lib/i18n';
import type { RegistryEntry } from '@/lib/user-groups/registry-schema';

export type RowAction = 'rotate' | 'delete';

interface UserGroupRowProps {
  group: RegistryEntry;
  rowIndex: number;
  busy: boolean;
  onAction: (action: RowAction, group: RegistryEntry) => void;
}

function formatTime(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

/** One group: its token is masked until revealed, and flagged when it may no longer be current. */
export const UserGroupRow = memo(function UserGroupRow({ group, rowIndex, busy, onAction }: UserGroupRowProps) {
  const [revealed, setRevealed] = useState(false);
  const uncertain = group.rotation !== undefined;
  return (
    <div role="row" aria-rowindex={rowIndex} className={uncertain ? 'group-row uncertain' : 'group-row'} aria-busy={busy}>
      <div role="cell" className="cell-name">{group.name}</div>
      <div role="cell" className="cell-id">{group.provided_id}</div>
      <div role="cell">{group.environment}</div>
      <div role="cell" className="cell-token">
        <code>{revealed ? group.token : `••••${group.token.slice(-4)}`}</code>{' '}
        <button type="button" className="link" aria-pressed={revealed} onClick={() => setRevealed(!revealed)}>
          {revealed ? t('groupsHideToken') : t('groupsShowToken')}
        </button>
        {uncertain && (
          <p className="flag">
            {group.rotation?.state === 'pending' ? t('groupsRotationPending') : t('groupsRotationUnknown')}
          </p>
        )}
      </div>
      <div role="cell" className="cell-time">
        {formatTime(group.lastRotatedAt ?? group.createdAt)}
      </div>
      <div role="cell" className="actions">
        <CopyButton value={group.token} label={t('groupsCopyToken')} />
        <button type="button" disabled={busy} onClick={() => onAction('rotate', group)}>
          {group.rotation?.state === 'unknown' ? t('groupsRetryRotation') : t('groupsRotateToken')}
        </button>
        <button type="button" className="danger" disabled={busy} onClick={() => onAction('delete', group)}>
          {t('groupsDelete')}
        </button>
      </div>
    </div>
  );
});
