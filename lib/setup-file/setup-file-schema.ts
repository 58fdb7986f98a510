import { z } from 'zod/mini';
import { IV_BYTES } from '../crypto/aes-gcm';
import { base64ToBytes } from '../crypto/base64';
import { MAX_SALT_BYTES, MIN_SALT_BYTES, PBKDF2_MAX_ITERATIONS, PBKDF2_MIN_ITERATIONS } from '../crypto/kdf';
import { noControlCharacters } from '../text/control-characters';
import { safeInt } from '../schema-parts';
import { MAX_ADDRESS_LENGTH } from '../url/address-length';

// The setup file (design.md §8, docs/setup-file.md). Schemas only: the options page and the first-run
// page load this to show the preview.

export const SETUP_FILE_FORMAT = 'review-companion.setup';
/** The newest version this build reads. A file with a higher one is refused. */
export const SETUP_FILE_VERSION = 2;
/**
 * Version 2 adds the workspace's project link (`workspace.projectLink`); a file without one is written
 * as version 1, which every earlier build reads.
 */
export const PROJECT_LINK_VERSION = 2;
/** Refused before parsing; a real file is under 2 KB. */
export const MAX_SETUP_FILE_BYTES = 64 * 1024;
export const MAX_WORKSPACE_NAME_LENGTH = 100;
export const MAX_SECRET_LENGTH = 1024;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Clear text is bound to the ciphertext as JSON (setup-file-aad.ts). Without control characters and
 * lone surrogates, every JSON library writes the same bytes for it, so other tools can build the AAD.
 */
const plainText = (max: number) =>
  z.string().check(
    z.maxLength(max),
    noControlCharacters(),
    z.refine((value) => !LONE_SURROGATE.test(value)),
  );
const filled = (max: number) => plainText(max).check(z.refine((value) => value.trim() !== ''));

/** Base64 of a byte string whose length is within bounds. (No issue texts here: a setup file's problem is reported by its code and field path.) */
const encodedBytes = (min: number, max: number) =>
  z.string().check(
    z.refine((value) => {
      const bytes = base64ToBytes(value);
      return bytes !== undefined && bytes.length >= min && bytes.length <= max;
    }),
  );

/** A workspace as version 1 carries it. Addresses are checked with checkServiceUrl after parsing, so that the problem names the field. */
const workspaceShape = () => ({
  name: filled(MAX_WORKSPACE_NAME_LENGTH),
  projectApiUrl: plainText(MAX_ADDRESS_LENGTH),
  userGroupBaseUrl: z.optional(plainText(MAX_ADDRESS_LENGTH)),
});

/** A workspace as version 2 carries it: with its project link, checked with checkProjectLinkTemplate after parsing. */
export const setupWorkspaceSchema = z.lazy(() =>
  z.strictObject({ ...workspaceShape(), projectLink: z.optional(plainText(MAX_ADDRESS_LENGTH)) }),
);
export type SetupWorkspace = z.infer<typeof setupWorkspaceSchema>;

/** Everything but the version and the workspace, the same in every version. */
const fileShape = () => ({
  format: z.literal(SETUP_FILE_FORMAT),
  kdf: z.strictObject({
    name: z.literal('PBKDF2-SHA256'),
    iterations: safeInt(PBKDF2_MIN_ITERATIONS, PBKDF2_MAX_ITERATIONS),
    salt: encodedBytes(MIN_SALT_BYTES, MAX_SALT_BYTES),
  }),
  cipher: z.strictObject({
    name: z.literal('AES-256-GCM'),
    iv: encodedBytes(IV_BYTES, IV_BYTES),
    // At least the 16-byte tag; the file cap bounds the rest.
    data: encodedBytes(16, MAX_SETUP_FILE_BYTES),
  }),
});

export const setupFileV1Schema = z.lazy(() =>
  z.strictObject({ ...fileShape(), version: z.literal(1), workspace: z.strictObject(workspaceShape()) }),
);
export const setupFileV2Schema = z.lazy(() =>
  z.strictObject({ ...fileShape(), version: z.literal(PROJECT_LINK_VERSION), workspace: setupWorkspaceSchema }),
);
export type SetupFile = z.infer<typeof setupFileV1Schema> | z.infer<typeof setupFileV2Schema>;

/** What `cipher.data` decrypts to. `apiToken` is there exactly when `workspace.userGroupBaseUrl` is. */
export const setupSecretsSchema = z.lazy(() =>
  z.strictObject({
    apiKey: filled(MAX_SECRET_LENGTH),
    authToken: filled(MAX_SECRET_LENGTH),
    apiToken: z.optional(filled(MAX_SECRET_LENGTH)),
  }),
);
export type SetupSecrets = z.infer<typeof setupSecretsSchema>;

/** The clear part: what the preview shows and what the AAD binds. */
export type SetupFileHeader = Pick<SetupFile, 'format' | 'version'> & { workspace: SetupWorkspace };
