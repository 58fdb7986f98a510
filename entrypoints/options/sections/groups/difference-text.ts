import { formatDateTime, t } from '@/lib/i18n';
import type { Difference } from '@/lib/user-groups/transfer/import-merge';

const time = (iso: string | null) => (iso === null ? '—' : formatDateTime(iso));

/** One difference of an import preview in words, times as the user reads them (never raw ISO). */
export function differenceText(difference: Difference): string {
  switch (difference.kind) {
    case 'token':
      return t('importDiffToken');
    case 'name':
      return t('importDiffName', difference.from, difference.to);
    case 'team':
      return t('importDiffTeam', String(difference.from), String(difference.to));
    case 'created':
      return t('importDiffCreated', time(difference.from), time(difference.to));
    case 'rotated':
      return t('importDiffRotated', time(difference.from), time(difference.to));
    case 'issued':
      return t('importDiffIssued', time(difference.from), time(difference.to));
    case 'extra':
      return t('importDiffExtra');
    case 'flagCleared':
      return t('importDiffFlagCleared');
    case 'flagged':
      return t('importDiffFlagged');
  }
}
