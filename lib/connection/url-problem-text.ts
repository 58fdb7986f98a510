import { t, type MessageKey } from '../i18n';
import type { UrlProblem } from './validate-connection';

const TEXTS = {
  empty: 'urlProblemEmpty',
  malformed: 'urlProblemMalformed',
  'ipv6-loopback': 'urlProblemIpv6Loopback',
  'plain-http': 'urlProblemPlainHttp',
  'not-https': 'urlProblemNotHttps',
  'user-info': 'urlProblemUserInfo',
  query: 'urlProblemQuery',
  fragment: 'urlProblemFragment',
} as const satisfies Record<UrlProblem, MessageKey>;

/** Why an address is refused, in the UI language, with the way out. */
export const urlProblemText = (problem: UrlProblem): string => t(TEXTS[problem]);
