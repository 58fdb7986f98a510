import { encryptText } from '@/lib/crypto/aes-gcm';
import { bytesToBase64 } from '@/lib/crypto/base64';
import { deriveKey } from '@/lib/crypto/kdf';
import { setupFileAad } from '@/lib/setup-file/setup-file-aad';
import type { SetupFileHeader } from '@/lib/setup-file/setup-file-schema';

export const SEAL_PASSPHRASE = 'test passphrase for sealing';
const SALT = new Uint8Array(16).fill(42);

/**
 * Writes a file around any clear part and any plaintext (what writeSetupFile would refuse to write),
 * as another tool might. One key for the whole test file: a derivation takes a while.
 */
export async function makeSealer(): Promise<(header: SetupFileHeader, plaintext: string) => Promise<string>> {
  const key = await deriveKey(SEAL_PASSPHRASE, SALT);
  if (!key.ok) throw new Error(key.problem);
  return async (header, plaintext) => {
    const cipher = await encryptText(key.value, plaintext, { aad: setupFileAad(header) });
    const kdf = { name: 'PBKDF2-SHA256', iterations: 600_000, salt: bytesToBase64(SALT) };
    return JSON.stringify({ ...header, kdf, cipher: { name: 'AES-256-GCM', ...cipher } }, null, 2);
  };
}

export type JsonObject = { [key: string]: unknown };
/** A setup file as loose JSON, for tests that break it on purpose. */
export type EditableFile = JsonObject & { workspace: JsonObject; kdf: JsonObject; cipher: JsonObject };

/** The fixture as an object, to change one field and serialise it again. */
export const editJson = (text: string, edit: (file: EditableFile) => void): string => {
  const file = JSON.parse(text) as EditableFile;
  edit(file);
  return JSON.stringify(file, null, 2);
};
