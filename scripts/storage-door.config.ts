// `npm run lint:layers` runs the storage door alone (`npm run lint` runs it with the other rules).
// Inline comments are ignored: they name rules this config does not load, and none may open the door.
import tseslint from 'typescript-eslint';
import { storageDoor, storageWriteDoor } from './storage-door.ts';

export default [
  { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser }, linterOptions: { noInlineConfig: true } },
  storageDoor,
  storageWriteDoor(),
];
