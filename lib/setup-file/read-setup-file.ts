import { checkProjectLinkTemplate } from '../api/project-link';
import { checkServiceUrl, type UrlField } from '../api/service-address';
import { failure, success, type Outcome } from '../crypto/outcome';
import { issuePath, type SetupFileProblem } from './setup-file-problems';
import {
  MAX_SETUP_FILE_BYTES,
  SETUP_FILE_FORMAT,
  SETUP_FILE_VERSION,
  setupFileV1Schema,
  setupFileV2Schema,
  type SetupFile,
  type SetupFileHeader,
  type SetupWorkspace,
} from './setup-file-schema';

/** A file that passed every check that needs no passphrase: as written, and with normalised addresses. */
export interface ParsedSetupFile {
  file: SetupFile;
  workspace: SetupWorkspace;
}

/** UTF-8 size without encoding when the UTF-16 length already decides (a code unit is at least a byte). */
function tooLarge(text: string): boolean {
  return text.length > MAX_SETUP_FILE_BYTES || new TextEncoder().encode(text).length > MAX_SETUP_FILE_BYTES;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Each address through the rule every other address in the extension follows, and the project link
 * through the rule of the Project link field (an empty one is no link).
 */
function normaliseAddresses(workspace: SetupWorkspace): Outcome<SetupWorkspace, SetupFileProblem> {
  const { projectLink, ...normalised }: SetupWorkspace = { ...workspace };
  for (const field of ['projectApiUrl', 'userGroupBaseUrl'] as const satisfies UrlField[]) {
    const raw = workspace[field];
    if (raw === undefined) continue;
    const checked = checkServiceUrl(raw);
    if (!checked.ok) return failure({ code: 'bad-address', field });
    normalised[field] = checked.url;
  }
  if (projectLink === undefined) return success(normalised);
  const link = checkProjectLinkTemplate(projectLink);
  if (!link.ok) return failure({ code: 'bad-address', field: 'projectLink' });
  return success(link.template === '' ? normalised : { ...normalised, projectLink: link.template });
}

/** The checks in the order a user can act on them: wrong file first, then an old extension, then damage. */
export function parseSetupFile(text: string): Outcome<ParsedSetupFile, SetupFileProblem> {
  if (tooLarge(text)) return failure({ code: 'too-large', maxBytes: MAX_SETUP_FILE_BYTES });
  let json: unknown;
  try {
    // A byte order mark is what some Windows editors add when an admin saves the file again.
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return failure({ code: 'not-json' });
  }
  if (!isRecord(json) || json.format !== SETUP_FILE_FORMAT) return failure({ code: 'other-format' });
  // Checked before the shape: a newer version may have other fields, and updating is the fix.
  if (typeof json.version === 'number' && Number.isInteger(json.version) && json.version > SETUP_FILE_VERSION) {
    return failure({ code: 'newer-version', version: json.version, supportedVersion: SETUP_FILE_VERSION });
  }
  const parsed = (json.version === 1 ? setupFileV1Schema : setupFileV2Schema).safeParse(json);
  if (!parsed.success) return failure({ code: 'damaged', path: issuePath(parsed.error.issues) });
  const workspace = normaliseAddresses(parsed.data.workspace);
  return workspace.ok ? success({ file: parsed.data, workspace: workspace.value }) : workspace;
}

/**
 * The clear part, for the preview before the passphrase is used (and for asking host access inside
 * the click). Addresses are normalised. Not authenticated yet: decryptSetupFile proves it unchanged.
 */
export function readSetupFileHeader(text: string): Outcome<SetupFileHeader, SetupFileProblem> {
  const parsed = parseSetupFile(text);
  if (!parsed.ok) return parsed;
  const { format, version } = parsed.value.file;
  return success({ format, version, workspace: parsed.value.workspace });
}
