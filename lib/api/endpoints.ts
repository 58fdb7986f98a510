/** Drops trailing slashes so that joining never doubles or loses one. */
function trimTrailingSlashes(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

/** `{base_url}/api/user`, whether or not the base ends in a slash or carries a path prefix. */
export function userGroupEndpoint(baseUrl: string): string {
  return `${trimTrailingSlashes(baseUrl)}/api/user`;
}

/** `{project_api_url}/`: the contract's root path, with exactly one slash. */
export function projectEndpoint(projectApiUrl: string): string {
  return `${trimTrailingSlashes(projectApiUrl)}/`;
}
