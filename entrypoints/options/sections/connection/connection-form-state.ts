import { originOf } from '@/lib/url/origin-of';
import { t, type MessageKey } from '@/lib/i18n';
import type { ConnectionStatus } from '@/lib/connection/connection-status';
import { urlProblemText } from '@/lib/api/service-address-problem';
import { checkServiceUrl } from '@/lib/api/service-address';
import { checkProjectLinkTemplate } from '@/lib/api/project-link';
import { projectLinkProblemText } from '@/lib/api/project-link-problem';

export type FieldName = 'userGroupBaseUrl' | 'projectApiUrl' | 'apiToken' | 'apiKey' | 'authToken' | 'projectLink';
export type ConnectionFormValues = Record<FieldName, string> & { sessionOnly: boolean };
/** The two halves of a connection; a form may show one of them (the start page sets up only what the user needs). */
export type ApiPart = 'userGroup' | 'project';

export function formFromStatus(status: ConnectionStatus): ConnectionFormValues {
  return {
    userGroupBaseUrl: status.userGroupBaseUrl,
    projectApiUrl: status.projectApiUrl,
    apiToken: '',
    apiKey: '',
    authToken: '',
    projectLink: status.projectLink ?? '',
    sessionOnly: status.secretsArea === 'session',
  };
}

/**
 * Something to save: an address or the project link edited, a secret typed, or the storage choice
 * changed. Saving nothing is never "saved".
 */
export function hasChanges(form: ConnectionFormValues, status: ConnectionStatus): boolean {
  return (
    form.userGroupBaseUrl.trim() !== status.userGroupBaseUrl ||
    form.projectApiUrl.trim() !== status.projectApiUrl ||
    form.apiToken !== '' ||
    form.apiKey !== '' ||
    form.authToken !== '' ||
    form.projectLink.trim() !== (status.projectLink ?? '') ||
    form.sessionOnly !== (status.secretsArea === 'session')
  );
}

/** Something stored that Forget credentials would remove. */
export const hasStoredSecrets = (status: ConnectionStatus) =>
  Object.values(status.masked).some((masked) => masked !== '');

/** Whether a stored secret still counts for the address in the form (a secret belongs to its origin). */
function keptFor(masked: string, savedUrl: string, formUrl: string): boolean {
  return masked !== '' && originOf(formUrl) === originOf(savedUrl);
}

/** Inside an empty secret field: a stored secret reads as set, masked, and typing replaces it. */
export function secretPlaceholder(masked: string, savedUrl: string, formUrl: string): string | undefined {
  return keptFor(masked, savedUrl, formUrl) ? t('connectionSecretSavedPlaceholder', masked) : undefined;
}

/** Under a secret field: said only when the stored secret does not count (none, or another address's). */
export function secretHint(masked: string, label: string, savedUrl: string, formUrl: string): string | undefined {
  if (!masked) return t('connectionSecretNotSet');
  if (keptFor(masked, savedUrl, formUrl)) return undefined;
  const savedOrigin = originOf(savedUrl);
  return savedOrigin ? t('connectionSecretOriginChanged', label, savedOrigin) : t('connectionSecretOriginAdded', label);
}

const URL_FIELDS = ['userGroupBaseUrl', 'projectApiUrl'] as const;

/** What is wrong with an address (an empty one is not set: no problem) or the project link template. */
function problemOf(field: (typeof URL_FIELDS)[number] | 'projectLink', value: string): string | undefined {
  if (field === 'projectLink') {
    const link = checkProjectLinkTemplate(value);
    return link.ok ? undefined : projectLinkProblemText(link.problem);
  }
  const checked = value.trim() ? checkServiceUrl(value) : undefined;
  return checked && !checked.ok ? urlProblemText(checked.problem) : undefined;
}

/** The addresses and the project link template, checked by the rules the background applies again on save. */
export function checkUrls(form: ConnectionFormValues): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  for (const field of [...URL_FIELDS, 'projectLink'] as const) {
    const problem = problemOf(field, form[field]);
    if (problem) errors[field] = problem;
  }
  return errors;
}

/**
 * A field's error while the user types: the project link is checked at every keystroke (a template
 * without {projectId} is said before Save, issue 41); an address flagged at Save is checked again, so
 * that its error goes under the corrected value and stays under one still wrong; a secret's goes with
 * the edit (only the service can say it is wrong).
 */
export function errorAsTyped(field: FieldName, value: string, shown: string | undefined): string | undefined {
  if (field === 'projectLink') return problemOf(field, value);
  if (field === 'userGroupBaseUrl' || field === 'projectApiUrl') return shown && problemOf(field, value);
  return undefined;
}

/**
 * Why **Save connection** is off, said beside it (undefined: it is on, or a save is under way): the
 * organisation sets every field, or nothing has changed since the last save.
 */
export function saveOffReason(state: { canSave: boolean; changed: boolean }): MessageKey | undefined {
  if (!state.canSave) return 'workspaceLockedNote';
  return state.changed ? undefined : 'connectionSaveNothingChanged';
}

const partInUse = {
  userGroup: (status: ConnectionStatus) => Boolean(status.userGroupBaseUrl || status.masked.apiToken),
  project: (status: ConnectionStatus) =>
    Boolean(status.projectApiUrl || status.masked.apiKey || status.masked.authToken),
};

/**
 * What the saved connection still lacks, said after a save: in the one part a form shows, or in each
 * part begun (a workspace may use only one API, and the other staying empty is not a problem).
 */
export function stillMissing(status: ConnectionStatus, shown: readonly ApiPart[]): string[] {
  const parts = shown.length === 1 ? shown : shown.filter((part) => partInUse[part](status));
  const missing: string[] = [];
  if (parts.includes('userGroup')) {
    if (!status.userGroupBaseUrl) missing.push(t('connectionUserGroupBaseUrl'));
    if (!status.masked.apiToken) missing.push(t('connectionApiToken'));
  }
  if (parts.includes('project')) {
    if (!status.projectApiUrl) missing.push(t('connectionProjectApiUrl'));
    if (!status.masked.apiKey) missing.push(t('connectionApiKey'));
    if (!status.masked.authToken) missing.push(t('connectionAuthToken'));
  }
  return missing;
}
