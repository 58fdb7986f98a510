/** A short random id: eight hex digits of a random UUID (WORKSPACE_ID_PATTERN). */
export const newWorkspaceId = (): string => crypto.randomUUID().slice(0, 8);
