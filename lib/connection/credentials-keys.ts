// No imports: test/check-build-contents.ts (plain Node) reads these too.

/**
 * The storage keys that hold the secrets, one per area. Only the background may contain them: the
 * build check fails when a page bundle (popup, options, a chunk they share) does.
 */
export const CREDENTIALS_KEYS = { local: 'local:credentials', session: 'session:credentials' } as const;

/** The key as the browser's storage area sees it (WXT strips the area prefix). */
export const CREDENTIALS_STORAGE_NAME = 'credentials';
