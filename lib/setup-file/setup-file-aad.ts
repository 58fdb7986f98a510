import type { SetupFileHeader } from './setup-file-schema';

/**
 * The additional authenticated data: UTF-8 of compact JSON of the clear part, keys in this fixed order,
 * `userGroupBaseUrl` left out when absent. Values are the file's own strings (before normalising), so
 * changing one character of a name or address in the file makes decryption fail.
 * Example: {"format":"review-companion.setup","version":1,"workspace":{"name":"Team","projectApiUrl":"https://p.example"}}
 */
export function setupFileAad(header: SetupFileHeader): Uint8Array<ArrayBuffer> {
  const { name, projectApiUrl, userGroupBaseUrl } = header.workspace;
  const workspace =
    userGroupBaseUrl === undefined ? { name, projectApiUrl } : { name, projectApiUrl, userGroupBaseUrl };
  return new TextEncoder().encode(JSON.stringify({ format: header.format, version: header.version, workspace }));
}
