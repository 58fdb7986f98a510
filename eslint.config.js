// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { storageDoor, storageWriteDoor } from './scripts/storage-door.ts';

// Markup from strings is how secrets and pages leak into each other; React escapes for us.
const NO_MARKUP = [
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render text, not HTML.' },
  {
    selector: 'AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]',
    message: 'Use textContent or React.',
  },
];

export default tseslint.config(
  {
    ignores: ['.output/', '.wxt/', '.node/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench-results/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A dropped promise in extension code is a lost message or an unhandled rejection in a worker.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'no-restricted-syntax': ['error', ...NO_MARKUP],
    },
  },
  { files: ['**/*.tsx'], ...reactHooks.configs.flat['recommended-latest'] },
  {
    // lib/storage/storage-api.ts is the extension's storage API: WXT's whole `storage` object would come
    // back into every bundle with one import (about 2.7 KB gzip of the background; docs/performance.md).
    files: ['lib/**', 'entrypoints/**', 'components/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '#imports', importNames: ['storage'], message: 'Use lib/storage/storage-api.ts.' },
            { name: 'wxt/utils/storage', message: 'Use lib/storage/storage-api.ts.' },
            { name: '@wxt-dev/storage', allowTypeImports: true, message: 'Use lib/storage/storage-api.ts.' },
          ],
        },
      ],
    },
  },
  storageDoor,
  storageWriteDoor(NO_MARKUP),
  {
    // Tests, the sandbox and scripts print what they do.
    files: ['test/**', '*.config.ts', 'scripts/*.ts'],
    rules: { 'no-console': 'off' },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
  {
    // The Node preflight: CommonJS in ES5 syntax, so that it runs on any old Node to say which one is needed.
    files: ['scripts/*.cjs', '.dependency-cruiser.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'script',
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
      },
    },
    rules: {
      ...tseslint.configs.disableTypeChecked.rules,
      'no-console': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      'no-var': 'off',
    },
  },
);
