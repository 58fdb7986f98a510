import type { RegistryEntry } from '../../storage/registry/registry-schema';
import { issuedTime } from '../registry-views/token-age';

/**
 * Which of two tokens of one group is newer: a file's (a backup being restored) or the live one, this
 * browser's, which Rotate token and Delete send to the service. The service accepts only a group's
 * current token, so an older token put over a newer one leaves the group unmanageable from here.
 * - `same`: the same token.
 * - `file`: the file's is newer: issued later than the live one and not marked uncertain, or there is no
 *   live token at all (lost with a forgotten passphrase).
 * - `live`: the live token was issued later than the file's.
 * - `unknown`: it cannot be told: a date is missing (data stored before token ages were recorded), both
 *   were issued at the same moment, the file's token is marked uncertain, or a rotation is on the wire.
 * Only `file` lets an import replace the live token unasked (import-merge.ts).
 */
export type TokenStanding = 'same' | 'file' | 'live' | 'unknown';

type Compared = Pick<RegistryEntry, 'token' | 'issuedAt' | 'rotation'>;

export function compareTokens(live: Compared, file: Compared): TokenStanding {
  if (live.token === file.token) return 'same';
  if (live.token === '') return 'file';
  if (live.rotation?.state === 'pending') return 'unknown';
  const liveAt = issuedTime(live);
  const fileAt = issuedTime(file);
  if (liveAt === undefined || fileAt === undefined || liveAt === fileAt) return 'unknown';
  if (liveAt > fileAt) return 'live';
  return file.rotation ? 'unknown' : 'file';
}

/** Whether an import may put the file's token in place of the live one without being asked to. */
export const replacesUnasked = (standing: TokenStanding) => standing === 'same' || standing === 'file';
