import { randomBytes } from 'node:crypto';
import { isJsonContentType, isPlainObject, json, parseJson } from './http-io.ts';
import { unauthorized, userGroupFailure } from './routes.ts';
import type { ApiRequest, EnvironmentTag, Reply, RouteName, UserGroup } from './types.ts';

const FIRST_TEAM_ID = 1001;

function newToken(): string {
  return `ugt_${randomBytes(16).toString('hex')}`;
}

/** In-memory user groups. A group is unique per (provided_id, environment), like the real service. */
export class UserGroupStore {
  #groups: UserGroup[] = [];
  #nextTeamId = FIRST_TEAM_ID;

  list(): UserGroup[] {
    return this.#groups.map((group) => ({ ...group }));
  }

  reset(): void {
    this.#groups = [];
    this.#nextTeamId = FIRST_TEAM_ID;
  }

  findByToken(token: string): UserGroup | undefined {
    return this.#groups.find((group) => group.token === token);
  }

  findById(providedId: string, tag: EnvironmentTag): UserGroup | undefined {
    return this.#groups.find((group) => group.provided_id === providedId && group.api_environment_tag === tag);
  }

  create(name: string, providedId: string, tag: EnvironmentTag): UserGroup {
    const group: UserGroup = {
      team_id: this.#nextTeamId++,
      token: newToken(),
      name,
      provided_id: providedId,
      api_environment_tag: tag,
    };
    this.#groups.push(group);
    return group;
  }

  /** The old token stops working at once: it is simply replaced. */
  rotate(group: UserGroup): UserGroup {
    group.token = newToken();
    return group;
  }

  remove(group: UserGroup): void {
    this.#groups = this.#groups.filter((candidate) => candidate !== group);
  }
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function isEnvironmentTag(value: unknown): value is EnvironmentTag {
  return value === 'Customer' || value === 'Testing';
}

/** `Authorization: Token <apiToken>`; the scheme word is case-insensitive as in HTTP. */
function hasApiToken(header: string | undefined, apiToken: string): boolean {
  if (header === undefined) return false;
  const space = header.indexOf(' ');
  if (space < 0) return false;
  return header.slice(0, space).toLowerCase() === 'token' && header.slice(space + 1) === apiToken;
}

function create(body: Record<string, unknown>, store: UserGroupStore): Reply {
  const { current_token: currentToken, name, user_group_id: id, api_environment_tag: tag } = body;
  if (currentToken !== undefined && typeof currentToken !== 'string') {
    return userGroupFailure(400, 'current_token must be a string');
  }
  if (!isNonEmptyString(name)) return userGroupFailure(400, 'name must be a non-empty string');
  if (!isNonEmptyString(id)) return userGroupFailure(400, 'user_group_id must be a non-empty string');
  if (!isEnvironmentTag(tag)) return userGroupFailure(400, 'api_environment_tag must be "Customer" or "Testing"');
  const existing = store.findById(id, tag);
  if (existing) return json(200, { success: 1, new_user_group: false, user_group: { ...existing } });
  const group = store.create(name, id, tag);
  return json(200, { success: 1, new_user_group: true, user_group: { ...group } });
}

function rotate(body: Record<string, unknown>, store: UserGroupStore): Reply {
  const group = typeof body.current_token === 'string' ? store.findByToken(body.current_token) : undefined;
  if (!group) return userGroupFailure(200, 'No user group has this token');
  return json(200, { success: 1, user_group: { ...store.rotate(group) } });
}

function remove(body: Record<string, unknown>, store: UserGroupStore): Reply {
  const { current_token: token, user_group_id: id, data_source_provided_id: dataSourceId } = body;
  if (!isNonEmptyString(token)) return userGroupFailure(400, 'current_token must be a non-empty string');
  if (id !== undefined && typeof id !== 'string') return userGroupFailure(400, 'user_group_id must be a string');
  if (dataSourceId !== undefined && typeof dataSourceId !== 'string') {
    return userGroupFailure(400, 'data_source_provided_id must be a string');
  }
  const group = store.findByToken(token);
  if (!group) return userGroupFailure(200, 'No user group has this token');
  if (id !== undefined && id !== group.provided_id) {
    return userGroupFailure(200, 'user_group_id does not match the user group of this token');
  }
  store.remove(group);
  return json(200, { success: 1 });
}

/** Checks shared by every user-group route, in the order a real server would apply them. */
export function handleUserGroup(
  route: Exclude<RouteName, 'project.create'>,
  request: ApiRequest,
  store: UserGroupStore,
  apiToken: string,
): Reply {
  if (!hasApiToken(request.headers.authorization, apiToken)) return unauthorized('userGroup');
  if (!isJsonContentType(request.headers['content-type'])) {
    return userGroupFailure(415, 'Content-Type must be application/json');
  }
  const parsed = parseJson(request.bodyText);
  if (!parsed.ok || !isPlainObject(parsed.value)) {
    return userGroupFailure(400, 'Request body must be a JSON object');
  }
  if (route === 'userGroup.create') return create(parsed.value, store);
  if (route === 'userGroup.rotate') return rotate(parsed.value, store);
  return remove(parsed.value, store);
}
