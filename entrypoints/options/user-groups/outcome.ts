/** The result of the last user-group action, shown once at the top of the section. */
export type Outcome = { kind: 'success' | 'error'; message: string };
