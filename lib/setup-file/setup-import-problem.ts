import { z } from 'zod/mini';

/** Why an import wrote nothing, as a code the page words (docs/setup-file.md). */
export const setupImportProblemSchema = z.enum([
  'too-large',
  'not-json',
  'other-format',
  'newer-version',
  'damaged',
  'bad-address',
  'wrong-passphrase-or-damaged',
  'bad-secrets',
  'bad-name',
]);
export type SetupImportProblem = z.infer<typeof setupImportProblemSchema>;
