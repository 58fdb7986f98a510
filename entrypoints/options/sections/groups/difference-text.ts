import { formatDateTime, t } from '@/lib/i18n';
import type { Difference, KeptGroup } from '@/lib/user-groups/transfer/import-merge';
import { describeGroup } from './describe-group';

const time = (iso: string | null) => (iso === null ? '—' : formatDateTime(iso));
const issued = (iso: string | undefined) => (iso === undefined ? t('importIssuedUnknown') : formatDateTime(iso));

const TOKEN_TEXT = {
  file: 'importDiffTokenNewer',
  live: 'importDiffTokenOlder',
  unknown: 'importDiffTokenUnknown',
} as const;

/** One difference of an import preview in words, times as the user reads them (never raw ISO). */
export function differenceText(difference: Difference): string {
  switch (difference.kind) {
    case 'token':
      return t(TOKEN_TEXT[difference.newer]);
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

/** A group whose live token an import keeps by default, and why: which token is newer, and both dates. */
export function keptText({ previous, entry, standing }: KeptGroup): string {
  const group = describeGroup(previous.name, previous.environment, previous.provided_id);
  return t(
    standing === 'live' ? 'importKeptLive' : 'importKeptUnknown',
    group,
    issued(previous.issuedAt),
    issued(entry.issuedAt),
  );
}
