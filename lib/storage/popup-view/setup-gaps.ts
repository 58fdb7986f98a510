// What keeps a workspace's project API from being ready, in one rule for the background's status, its
// connection check and the popup's view. No zod: pages that only show it import this alone.

/** A workspace's project API needs its address, its API key and its auth token. */
export const SETUP_FIELDS = ['projectApiUrl', 'apiKey', 'authToken'] as const;
export type SetupGap = (typeof SETUP_FIELDS)[number];

/** The gaps of a connection (its usable secrets: bound to the address's origin): none means ready. */
export const projectApiGaps = (connection: Record<SetupGap, string>): SetupGap[] =>
  SETUP_FIELDS.filter((field) => !connection[field]);
