import { checkServiceUrl } from '@/lib/api/service-address';
import { checkProjectLinkTemplate } from '../api/project-link';
import { addressReason } from './address-reason';
import {
  policyAddressSchema,
  policyProjectLinkSchema,
  policySecretSchema,
  WORKSPACE_KEYS,
  workspaceNameSchema,
  type ManagedWorkspace,
} from './policy-schema';
import { asObject, checkValue, isUnset, keyPath, reportUnknownKeys, type Report } from './policy-values';

type Address = 'projectApiUrl' | 'userGroupBaseUrl';
type Secret = 'apiKey' | 'authToken' | 'apiToken';

/** Each secret is sent only to its own API (design.md §7): without that API's address it has nowhere to go. */
const ADDRESS_OF: Record<Secret, Address> = {
  apiKey: 'projectApiUrl',
  authToken: 'projectApiUrl',
  apiToken: 'userGroupBaseUrl',
};

/** The normalised address, or `''` when it is not set or was refused (reported). */
function readAddress(entry: Record<string, unknown>, field: Address, path: string, report: Report): string {
  if (isUnset(entry[field])) return '';
  const text = checkValue(policyAddressSchema, entry[field], path, 'value');
  if (!text.ok) {
    report(text.problem);
    return '';
  }
  if (!text.value) return '';
  const checked = checkServiceUrl(text.value);
  if (checked.ok) return checked.url;
  report({ code: 'invalid-address', path, ignored: 'value', reason: addressReason(text.value) });
  return '';
}

/** The trimmed secret, or `''` when it is not set or was refused (reported without its value). */
function readSecret(
  entry: Record<string, unknown>,
  field: Secret,
  hasAddress: boolean,
  path: string,
  report: Report,
): string {
  if (isUnset(entry[field])) return '';
  const text = checkValue(policySecretSchema, entry[field], path, 'value');
  if (!text.ok) {
    report(text.problem);
    return '';
  }
  if (text.value && !hasAddress) {
    report({ code: 'secret-without-address', path, ignored: 'value' });
    return '';
  }
  return text.value;
}

/** The checked template, or undefined when it is not set (or empty) or was refused (reported). */
function readProjectLink(entry: Record<string, unknown>, path: string, report: Report): string | undefined {
  if (isUnset(entry.projectLink)) return undefined;
  const text = checkValue(policyProjectLinkSchema, entry.projectLink, path, 'value');
  if (!text.ok) {
    report(text.problem);
    return undefined;
  }
  const checked = checkProjectLinkTemplate(text.value);
  if (!checked.ok) {
    report({ code: 'invalid-project-link', path, ignored: 'value' });
    return undefined;
  }
  return checked.template || undefined;
}

/**
 * One entry of `workspaces`, at `path` (`workspaces[3]`). A bad address or secret is left out on its
 * own; a workspace without a usable name or without any usable address is left out whole. Every
 * omission is reported. Duplicate names are the caller's business: it sees the whole list.
 */
export function parseWorkspace(value: unknown, path: string, report: Report): ManagedWorkspace | undefined {
  const entry = asObject(value);
  if (!entry) {
    report({ code: 'wrong-type', path, ignored: 'workspace', expected: 'object' });
    return undefined;
  }
  reportUnknownKeys(entry, WORKSPACE_KEYS, path, report);
  const name = checkValue(
    workspaceNameSchema,
    isUnset(entry.name) ? '' : entry.name,
    keyPath(path, 'name'),
    'workspace',
  );
  if (!name.ok) {
    report(name.problem);
    return undefined;
  }
  const addresses: Record<Address, string> = {
    projectApiUrl: readAddress(entry, 'projectApiUrl', keyPath(path, 'projectApiUrl'), report),
    userGroupBaseUrl: readAddress(entry, 'userGroupBaseUrl', keyPath(path, 'userGroupBaseUrl'), report),
  };
  if (!addresses.projectApiUrl && !addresses.userGroupBaseUrl) {
    report({ code: 'no-address', path, ignored: 'workspace' });
    return undefined;
  }
  const secret = (field: Secret) =>
    readSecret(entry, field, addresses[ADDRESS_OF[field]] !== '', keyPath(path, field), report);
  const projectLink = readProjectLink(entry, keyPath(path, 'projectLink'), report);
  return {
    name: name.value,
    ...addresses,
    apiKey: secret('apiKey'),
    authToken: secret('authToken'),
    apiToken: secret('apiToken'),
    ...(projectLink !== undefined && { projectLink }),
  };
}
