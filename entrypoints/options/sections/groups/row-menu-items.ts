import { t } from '@/lib/i18n';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import type { MenuItem } from './RowActionsMenu';

/** `delete` is Retry delete on a group whose delete was not answered; `forget` removes it from this browser only. */
export type RowAction = 'rotate' | 'delete' | 'forget';

/**
 * What a row's Actions menu offers: Rotate token (Retry rotation after an unanswered one), Delete, and
 * for a group whose delete was not answered Retry delete and Remove from this browser only, with
 * Rotate off (get-or-create would bring the group back) and described by the row's flag
 * (`deleteFlagId`).
 */
export function rowMenuItems(
  group: RegistryEntry,
  busy: boolean,
  onAction: (action: RowAction, group: RegistryEntry) => void,
  deleteFlagId: string,
): MenuItem[] {
  const maybeDeleted = group.deleteOutcomeUnknown !== undefined;
  const items: MenuItem[] = [
    {
      label: group.rotation?.state === 'unknown' ? t('groupsRetryRotation') : t('groupsRotateToken'),
      onSelect: () => onAction('rotate', group),
      disabled: busy || maybeDeleted,
      describedBy: maybeDeleted ? deleteFlagId : undefined,
    },
    {
      label: maybeDeleted ? t('groupsRetryDelete') : t('groupsDelete'),
      onSelect: () => onAction('delete', group),
      disabled: busy,
      danger: true,
    },
  ];
  if (maybeDeleted)
    items.push({ label: t('groupsForgetButton'), onSelect: () => onAction('forget', group), disabled: busy });
  return items;
}
