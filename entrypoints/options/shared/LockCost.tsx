import { t } from '@/lib/i18n';

/**
 * What a forgotten passphrase costs, in one sentence (design.md §10: the credentials and the group
 * tokens are sealed): the same words before the lock is turned on, while it is on, and while it is
 * locked, so that no place says less than another.
 */
export function LockCost({ id }: { id?: string }) {
  return (
    <p id={id} className="hint lock-cost">
      {t('lockCost')}
    </p>
  );
}
