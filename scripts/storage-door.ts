// The one door to storage (docs/architecture.md, "A stored item"): nothing outside lib/storage calls
// browser.storage, and inside it only lib/storage/area-write.ts writes (set, remove, clear), so that a
// value kept in step with others is written in the same call as they are. Part of eslint.config.js
// (`npm run lint`), and run alone by `npm run lint:layers` (scripts/storage-door.config.ts), so that
// both fail on a call that goes around it.

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

const WRITE_MESSAGE =
  'Write storage through lib/storage/area-write.ts (writeArea, removeFromArea) or a stored value’s module: ' +
  'a value kept in step with this one (the popup’s stored view) is written in the same call.';

/** `browser.storage.local.set(…)`, `browser.storage[area].remove(…)`, `chrome.storage.session.clear()`. */
export const STORAGE_WRITE_SELECTOR =
  "CallExpression > MemberExpression.callee[property.name=/^(set|remove|clear)$/] > MemberExpression.object > MemberExpression.object[property.name='storage']";

/** In lib/storage, only area-write.ts writes; `others` are the project's other no-restricted-syntax entries. */
export const storageWriteDoor = (others: unknown[] = []) => ({
  files: ['lib/storage/**'],
  ignores: ['lib/storage/area-write.ts'],
  rules: {
    'no-restricted-syntax': ['error', ...others, { selector: STORAGE_WRITE_SELECTOR, message: WRITE_MESSAGE }],
  },
});
