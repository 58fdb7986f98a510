// The one door to storage (docs/architecture.md, "A stored item"): nothing outside lib/storage calls
// browser.storage. Part of eslint.config.js (`npm run lint`), and run alone by `npm run lint:layers`
// (scripts/storage-door.config.ts), so that both fail on a call that goes around it.

const MESSAGE =
  'browser.storage belongs to lib/storage: use the stored value’s module there (its item and its ' +
  'read/write/watch functions; watch-item.ts to follow changes, managed-area.ts for the policy), or add ' +
  'one (docs/architecture.md, "A stored item").';

export const storageDoor = {
  files: ['lib/**', 'entrypoints/**', 'components/**'],
  ignores: ['lib/storage/**'],
  rules: {
    'no-restricted-properties': [
      'error',
      { object: 'browser', property: 'storage', message: MESSAGE },
      { object: 'chrome', property: 'storage', message: MESSAGE },
    ],
  },
};
