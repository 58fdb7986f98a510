import { decryptText } from '../crypto/aes-gcm';
import { base64ToBytes } from '../crypto/base64';
import { deriveKey } from '../crypto/kdf';
import { failure, success, type Outcome } from '../crypto/outcome';
import { parseSetupFile } from './read-setup-file';
import { setupFileAad } from './setup-file-aad';
import { issuePath, type SetupDecryptProblem } from './setup-file-problems';
import { setupSecretsSchema, type SetupSecrets, type SetupWorkspace } from './setup-file-schema';

/** What an import writes: the workspace with normalised addresses, and its secrets. */
export interface SetupFileContents {
  workspace: SetupWorkspace;
  secrets: SetupSecrets;
}

function readSecrets(plaintext: string, workspace: SetupWorkspace): Outcome<SetupSecrets, SetupDecryptProblem> {
  let json: unknown;
  try {
    json = JSON.parse(plaintext);
  } catch {
    return failure({ code: 'bad-secrets', path: '' });
  }
  const parsed = setupSecretsSchema.safeParse(json);
  if (!parsed.success) return failure({ code: 'bad-secrets', path: issuePath(parsed.error.issues) });
  // A user-group address without its token (or the reverse) would import a workspace that only fails.
  if ((parsed.data.apiToken === undefined) !== (workspace.userGroupBaseUrl === undefined)) {
    return failure({ code: 'bad-secrets', path: 'apiToken' });
  }
  return success(parsed.data);
}

/**
 * The workspace and its secrets, or why not. Never throws: a wrong passphrase and a changed byte
 * (in the ciphertext, IV, salt, or any clear field) both give 'wrong-passphrase-or-damaged'.
 */
export async function decryptSetupFile(
  text: string,
  passphrase: string,
): Promise<Outcome<SetupFileContents, SetupDecryptProblem>> {
  const parsed = parseSetupFile(text);
  if (!parsed.ok) return parsed;
  const { file, workspace } = parsed.value;
  const salt = base64ToBytes(file.kdf.salt);
  if (!salt) return failure({ code: 'damaged', path: 'kdf.salt' }); // the schema already checked it
  const key = await deriveKey(passphrase, salt, file.kdf.iterations);
  if (!key.ok) return failure({ code: 'damaged', path: 'kdf' });
  const plaintext = await decryptText(key.value, file.cipher, setupFileAad(file));
  if (!plaintext.ok) {
    return failure(
      plaintext.problem === 'damaged' ? { code: 'damaged', path: 'cipher' } : { code: 'wrong-passphrase-or-damaged' },
    );
  }
  const secrets = readSecrets(plaintext.value, workspace);
  return secrets.ok ? success({ workspace, secrets: secrets.value }) : secrets;
}
