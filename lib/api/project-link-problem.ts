import type { MessageKey } from '../i18n';
import { messageText, text, type MessageRef } from '../message-ref';
import { MAX_ADDRESS_LENGTH } from '../url/address-length';
import type { ProjectLinkProblem } from './project-link';

const TEXTS = {
  'too-long': 'projectLinkProblemTooLong',
  spaces: 'projectLinkProblemSpaces',
  'no-placeholder': 'projectLinkProblemNoPlaceholder',
  'several-placeholders': 'projectLinkProblemSeveralPlaceholders',
  malformed: 'projectLinkProblemMalformed',
  'not-https': 'projectLinkProblemNotHttps',
  'plain-http': 'urlProblemPlainHttp',
  'user-info': 'projectLinkProblemUserInfo',
  'placeholder-in-host': 'projectLinkProblemInHost',
} as const satisfies Record<ProjectLinkProblem, MessageKey>;

/** Why a project link template is refused, with the way out, as a named text (the background answers with it). */
export const projectLinkProblemMessage = (problem: ProjectLinkProblem): MessageRef =>
  problem === 'too-long' ? text(TEXTS[problem], MAX_ADDRESS_LENGTH) : text(TEXTS[problem]);

/** The same in the UI language (the connection form checks as the user types). */
export const projectLinkProblemText = (problem: ProjectLinkProblem): string =>
  messageText(projectLinkProblemMessage(problem));
