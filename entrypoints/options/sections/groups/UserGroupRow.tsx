import { memo, useId, useRef, useState } from 'react';
import type { ActionResult } from '@/components/action-result';
import { CopyButton } from '@/components/CopyButton';
import { useSaidText } from '@/components/action-scope';
import { MASK, maskGroupToken } from '@/lib/connection/mask-secret';
import { plural, t } from '@/lib/i18n';
import { tokenAgeDays } from '@/lib/user-groups/registry-views/token-age';
import { exactTime, relativeTime } from '@/lib/time/relative-time';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { RowActionsMenu } from './RowActionsMenu';
import { rowMenuItems, type RowAction } from './row-menu-items';
import { prepareClipboardClear } from './copy-token';
import { environmentLabel } from './describe-group';
import type { TokenRead } from './group-token';
import { useRovingTabIndex } from '../../shared/table/use-roving-tab-index';

/** The last action's result on this row, shown on it (the list's live region announces it). */
export type RowNote = ActionResult;

/** The flag of a group that may be deleted: a delete the service refused says so in its own words. */
const deleteFlagKey = (group: RegistryEntry) =>
  group.deleteOutcomeUnknown?.message &&
  'key' in group.deleteOutcomeUnknown.message &&
  group.deleteOutcomeUnknown.message.key === 'groupsDeleteRefusedFlag'
    ? 'groupsDeleteRefusedFlag'
    : 'groupsDeleteUnknownFlag';

/** The controls of a row, in the order Left/Right move through them (the grid's columns). */
export const ROW_CONTROLS = 'input[type=checkbox], button:not([role=menuitem])';

/** A group's token for Show and Copy token (group-token.ts); undefined when there is none to show. */
export type ReadToken = (group: RegistryEntry, action: string) => Promise<TokenRead | undefined>;

/** Which stored token, under which lock, a token shown belongs to: a rotation or a lock hides it. */
const tokenStamp = (version: TokenRead['version'], lockClosings: number) =>
  `${version.lastRotatedAt ?? ''}|${version.issuedAt ?? ''}|${lockClosings}`;

interface UserGroupRowProps {
  group: RegistryEntry;
  rowIndex: number;
  busy: boolean;
  onAction: (action: RowAction, group: RegistryEntry) => void;
  /** Which control holds the grid's one tab stop; -1: none in this row. */
  activeCol?: number;
  selected?: boolean;
  /** `extend`: Shift was held (a range from the last row ticked). */
  onSelect?: (group: RegistryEntry, selected: boolean, extend: boolean) => void;
  note?: RowNote;
  /** The time relative times are counted from, and the UI language. */
  now?: number;
  locale?: string;
  /**
   * The exact date and time as the relative time's tooltip. Off in the list's first commit: building the
   * long date format (time zone names) and formatting each row's took about 5 ms of the task that drew
   * the first screen; a tooltip is not drawn, so it follows in the next frame.
   */
  exactTimes?: boolean;
  /** The passphrase lock is on: stored tokens are '' and the background opens them. */
  tokensSealed?: boolean;
  /** Counts the closings of the lock: a token shown before one is hidden after it. */
  lockClosings?: number;
  readToken: ReadToken;
  /** Created by the last action: shown first and marked until the next one. */
  justCreated?: boolean;
}

/**
 * One group, in one fixed-height row: its token is masked until revealed (sealed, while the passphrase
 * lock is on, until the background opens it), and flagged when it may no longer be current, or when the
 * group may already be deleted (then Rotate is off: get-or-create would bring it back). Rotate, Delete
 * and Remove from this browser only are in the row's menu.
 */
export const UserGroupRow = memo(function UserGroupRow({
  group,
  rowIndex,
  busy,
  onAction,
  activeCol = -1,
  selected = false,
  onSelect,
  note,
  now = Date.now(),
  locale,
  exactTimes = true,
  tokensSealed = false,
  lockClosings = 0,
  readToken,
  justCreated = false,
}: UserGroupRowProps) {
  // A token shown belongs to the entry it was read from and the lock it was read under. Stamped with
  // the answer's dates, not the row's: a rotation made in another page may reach the background before
  // this list, and the token Show gets is then the new one, shown once the list catches up.
  const stamp = tokenStamp(group, lockClosings);
  const [shown, setShown] = useState<{ token: string; stamp: string }>();
  const revealed = shown?.stamp === stamp ? shown.token : undefined;
  // What Copy token said ("Copied; cleared after 30 sec"): in the row's note, beside the row's own,
  // until the next action starts.
  const [copied, setCopied] = useSaidText();
  const deleteFlagId = useId();
  const row = useRef<HTMLDivElement>(null);
  const maybeDeleted = group.deleteOutcomeUnknown !== undefined;
  const uncertain = group.rotation !== undefined || maybeDeleted;
  const changedAt = group.lastRotatedAt ?? group.createdAt;
  const age = tokenAgeDays(group, now);
  const sealed = tokensSealed && group.token === '';

  // Roving focus: only the active control of the active row is in the tab order.
  useRovingTabIndex(row, ROW_CONTROLS, activeCol, revealed);

  const toggleShown = async () => {
    if (revealed !== undefined) return setShown(undefined);
    const read = await readToken(group, t('groupsShowToken'));
    if (read) setShown({ token: read.token, stamp: tokenStamp(read.version, lockClosings) });
  };

  const flags = [
    group.rotation && (group.rotation.state === 'pending' ? t('groupsRotationPending') : t('groupsRotationUnknown')),
    maybeDeleted && `${t(deleteFlagKey(group))} ${t('groupsDeleteUnknownHint')}`,
  ].filter((flag): flag is string => typeof flag === 'string');
  const noteText = [justCreated && t('groupsJustCreated'), ...flags, note?.text].filter(Boolean).join(' ');
  // The list holds no token (the background keeps them): "••••" until Show asks for it.
  const masked = sealed ? t('groupsTokenSealed') : group.token ? maskGroupToken(group.token) : MASK;

  return (
    <div
      ref={row}
      role="row"
      aria-rowindex={rowIndex}
      aria-selected={selected}
      className={`group-row${uncertain ? ' uncertain' : ''}${justCreated ? ' just-created' : ''}`}
      aria-busy={busy}
    >
      <div role="gridcell" className="cell-select">
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) =>
            onSelect?.(group, event.target.checked, (event.nativeEvent as MouseEvent).shiftKey === true)
          }
          aria-label={t('groupsSelectRow', group.name, environmentLabel(group.environment))}
        />
      </div>
      <div role="gridcell" className="cell-name" title={group.name}>
        {group.name}
      </div>
      <div role="gridcell" className="cell-id" title={group.provided_id}>
        {group.provided_id}
      </div>
      <div role="gridcell" className="cell-env">
        {environmentLabel(group.environment)}
      </div>
      <div role="gridcell" className="cell-token">
        <code title={revealed === undefined ? masked : undefined}>{revealed ?? masked}</code>{' '}
        <button type="button" className="link" aria-pressed={revealed !== undefined} onClick={() => void toggleShown()}>
          {revealed !== undefined ? t('groupsHideToken') : t('groupsShowToken')}
        </button>
      </div>
      <div role="gridcell" className="cell-time">
        <time dateTime={changedAt} title={exactTimes ? exactTime(changedAt, locale) : undefined}>
          {relativeTime(changedAt, now, locale)}
        </time>
        <span className="token-age">
          {age === undefined ? t('tokenAgeUnknown') : age === 0 ? t('tokenAgeToday') : plural('tokenAgeDays', age)}
        </span>
      </div>
      <div role="gridcell" className="actions">
        <CopyButton
          value={group.token !== '' ? group.token : async () => (await readToken(group, t('groupsCopyToken')))?.token}
          label={t('groupsCopyToken')}
          prepare={prepareClipboardClear}
          onFeedback={setCopied}
        />
        <RowActionsMenu groupName={group.name} items={rowMenuItems(group, busy, onAction, deleteFlagId)} />
      </div>
      <div
        role="gridcell"
        className={`cell-note${note?.kind === 'error' || flags.length > 0 ? ' flag' : note || justCreated ? ' ok' : ''}`}
        title={noteText || undefined}
      >
        <span className="note-text">
          {justCreated && <span className="new-mark">{t('groupsJustCreated')} </span>}
          {flags.map((flag, index) => (
            <span key={flag} id={index === flags.length - 1 && maybeDeleted ? deleteFlagId : undefined}>
              {flag}{' '}
            </span>
          ))}
          {note && <span>{note.text}</span>}
        </span>
        <span className="copy-feedback" aria-live="polite" title={copied || undefined}>
          {copied}
        </span>
      </div>
    </div>
  );
});
