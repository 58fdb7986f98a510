import { checkProjectLinkTemplate } from '../api/project-link';
import { checkServiceUrl } from '../api/service-address';
import { encryptText } from '../crypto/aes-gcm';
import { bytesToBase64 } from '../crypto/base64';
import { deriveKey, PBKDF2_DEFAULT_ITERATIONS, SALT_BYTES } from '../crypto/kdf';
import { failure, success, type Outcome } from '../crypto/outcome';
import { checkPassphrase } from '../crypto/passphrase';
import { secureRandomBytes, type RandomBytes } from '../crypto/random';
import { setupFileAad } from './setup-file-aad';
import { issuePath, type SetupWriteProblem } from './setup-file-problems';
import {
  PROJECT_LINK_VERSION,
  SETUP_FILE_FORMAT,
  setupSecretsSchema,
  setupWorkspaceSchema,
  type SetupFile,
  type SetupFileHeader,
  type SetupSecrets,
  type SetupWorkspace,
} from './setup-file-schema';

export interface SetupFileInput {
  workspace: SetupWorkspace;
  secrets: SetupSecrets;
  /** Off: the file carries the project API only (what reviewers need), whatever else is given. */
  includeUserGroupApi: boolean;
}

/** Tests inject randomness to reproduce a file; iterations may be raised, never lowered. */
export interface SetupFileWriteOptions {
  iterations?: number;
  randomBytes?: RandomBytes;
}

function clearPart(input: SetupFileInput): Outcome<SetupFileHeader, SetupWriteProblem> {
  const project = checkServiceUrl(input.workspace.projectApiUrl);
  if (!project.ok) return failure({ code: 'bad-address', field: 'projectApiUrl' });
  const workspace: SetupWorkspace = { name: input.workspace.name, projectApiUrl: project.url };
  if (input.includeUserGroupApi) {
    const userGroup = checkServiceUrl(input.workspace.userGroupBaseUrl ?? '');
    if (!userGroup.ok) return failure({ code: 'bad-address', field: 'userGroupBaseUrl' });
    workspace.userGroupBaseUrl = userGroup.url;
  }
  // The project link goes in whenever the workspace has one: reviewers then see Open project.
  const link = checkProjectLinkTemplate(input.workspace.projectLink ?? '');
  if (!link.ok) return failure({ code: 'bad-address', field: 'projectLink' });
  if (link.template !== '') workspace.projectLink = link.template;
  const parsed = setupWorkspaceSchema.safeParse(workspace);
  if (!parsed.success) return failure({ code: 'invalid-input', path: `workspace.${issuePath(parsed.error.issues)}` });
  // Without a link, version 1: a file every earlier build reads.
  const version = parsed.data.projectLink === undefined ? 1 : PROJECT_LINK_VERSION;
  return success({ format: SETUP_FILE_FORMAT, version, workspace: parsed.data });
}

function secretPart(input: SetupFileInput): Outcome<SetupSecrets, SetupWriteProblem> {
  const { apiKey, authToken, apiToken } = input.secrets;
  const secrets: SetupSecrets = input.includeUserGroupApi
    ? { apiKey, authToken, apiToken: apiToken ?? '' }
    : { apiKey, authToken };
  const parsed = setupSecretsSchema.safeParse(secrets);
  return parsed.success
    ? success(parsed.data)
    : failure({ code: 'invalid-input', path: `secrets.${issuePath(parsed.error.issues)}` });
}

/** The setup file as pretty-printed JSON, or why not. The passphrase must pass checkPassphrase. */
export async function writeSetupFile(
  input: SetupFileInput,
  passphrase: string,
  options: SetupFileWriteOptions = {},
): Promise<Outcome<string, SetupWriteProblem>> {
  const weak = checkPassphrase(passphrase);
  if (weak) return failure({ code: 'weak-passphrase', reason: weak });
  const header = clearPart(input);
  if (!header.ok) return header;
  const secrets = secretPart(input);
  if (!secrets.ok) return secrets;
  const randomBytes = options.randomBytes ?? secureRandomBytes;
  const iterations = Math.max(options.iterations ?? PBKDF2_DEFAULT_ITERATIONS, PBKDF2_DEFAULT_ITERATIONS);
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(passphrase, salt, iterations);
  if (!key.ok) return failure({ code: 'invalid-input', path: 'iterations' });
  const cipher = await encryptText(key.value, JSON.stringify(secrets.value), {
    aad: setupFileAad(header.value),
    randomBytes,
  });
  const file: SetupFileHeader & Pick<SetupFile, 'kdf' | 'cipher'> = {
    ...header.value,
    kdf: { name: 'PBKDF2-SHA256', iterations, salt: bytesToBase64(salt) },
    cipher: { name: 'AES-256-GCM', ...cipher },
  };
  return success(`${JSON.stringify(file, null, 2)}\n`);
}
