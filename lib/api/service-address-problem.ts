import type { MessageKey } from '../i18n';
import { messageText, text, type MessageRef } from '../message-ref';
import type { UrlProblem } from './service-address';

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

/** Why an address is refused, with the way out, as a named text (the background answers with it). */
export const urlProblemMessage = (problem: UrlProblem): MessageRef => text(TEXTS[problem]);

/** The same in the UI language (the connection form checks as the user types). */
export const urlProblemText = (problem: UrlProblem): string => messageText(urlProblemMessage(problem));
