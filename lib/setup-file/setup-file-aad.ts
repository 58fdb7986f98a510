import type { SetupFileHeader } from './setup-file-schema';

/**
 * The additional authenticated data: UTF-8 of compact JSON of the clear part, keys in this fixed order,
 * `userGroupBaseUrl` and `projectLink` (version 2) left out when absent. Values are the file's own
 * strings (before normalising), so changing one character of a name, an address or the link in the
 * file makes decryption fail.
 * Example: {"format":"review-companion.setup","version":1,"workspace":{"name":"Team","projectApiUrl":"https://p.example"}}
 */
export function setupFileAad(header: SetupFileHeader): Uint8Array<ArrayBuffer> {
  const { name, projectApiUrl, userGroupBaseUrl, projectLink } = header.workspace;
  const workspace = {
    name,
    projectApiUrl,
    ...(userGroupBaseUrl !== undefined && { userGroupBaseUrl }),
    ...(projectLink !== undefined && { projectLink }),
  };
  return new TextEncoder().encode(JSON.stringify({ format: header.format, version: header.version, workspace }));
}
