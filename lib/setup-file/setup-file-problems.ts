import type { UrlField } from '../api/service-address';

/** An address of the service, or the project link (a template of addresses, version 2). */
export type AddressField = UrlField | 'projectLink';
import type { PassphraseProblem } from '../crypto/passphrase';

// Codes and data, no sentences: the UI turns them into messages in the user's language.

/** Why a file cannot be previewed. `path` is the first field found wrong ("kdf.iterations"). */
export type SetupFileProblem =
  | { code: 'too-large'; maxBytes: number }
  | { code: 'not-json' }
  | { code: 'other-format' }
  | { code: 'newer-version'; version: number; supportedVersion: number }
  | { code: 'damaged'; path: string }
  | { code: 'bad-address'; field: AddressField };

/** Why a file that could be previewed cannot be imported. Nothing is written in either case. */
export type SetupDecryptProblem =
  SetupFileProblem | { code: 'wrong-passphrase-or-damaged' } | { code: 'bad-secrets'; path: string };

/** Why no file was written. `invalid-input` is a workspace the format cannot carry (see `path`). */
export type SetupWriteProblem =
  | { code: 'weak-passphrase'; reason: PassphraseProblem }
  | { code: 'bad-address'; field: AddressField }
  | { code: 'invalid-input'; path: string };

/** The first issue's location, as the problems above report it. */
export const issuePath = (issues: readonly { path: readonly PropertyKey[] }[]): string =>
  issues[0]?.path.map(String).join('.') ?? '';
