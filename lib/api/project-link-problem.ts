import type { MessageKey } from '../i18n';
import { messageText, text, type MessageRef } from '../message-ref';
import { PROJECT_LINK_MAX_LENGTH } from '../storage/connection/connection-schema';
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
  problem === 'too-long' ? text(TEXTS[problem], PROJECT_LINK_MAX_LENGTH) : text(TEXTS[problem]);

/** The same in the UI language (the connection form checks as the user types). */
export const projectLinkProblemText = (problem: ProjectLinkProblem): string =>
  messageText(projectLinkProblemMessage(problem));
