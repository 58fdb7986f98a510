import type { z } from 'zod/mini';

/**
 * Where a message acts. `workspace`: in one workspace, which its request names (`workspaceId`); the
 * background opens that workspace and hands the request to its own handlers (an unknown id is
 * answered NOT_FOUND). `extension`: on the extension as a whole (the lock, the list of workspaces).
 */
export type MessageScope = 'workspace' | 'extension';

/**
 * One message of the protocol: its name, the schema of its request and of its response, whether an
 * extension page opened in a tab (the options page, the popup as a window) may send it, its scope, and
 * whether it only reads. Pages import the definitions they send, so each bundle carries only its own
 * messages' schemas.
 */
export interface MessageDefinition<
  N extends string = string,
  Request extends z.ZodMiniType = z.ZodMiniType,
  Response extends z.ZodMiniType = z.ZodMiniType,
  Scope extends MessageScope = MessageScope,
> {
  name: N;
  request: Request;
  response: Response;
  allowTab: boolean;
  scope: Scope;
  /**
   * A read (it changes nothing, or only notes the time it was asked): asked once more when the
   * background stopped before it answered (lib/messaging/client.ts), since the next message wakes it.
   * A page that loads a section then shows it, not "the background did not answer".
   */
  readsOnly: boolean;
}

/**
 * How a message is written: its schemas as functions that build them. Building a zod schema is most of
 * what importing the definitions costs (a page imports every message it may send, the background all of
 * them), so each schema is built when it is first used (the first request sent or checked, the first
 * answer checked) and kept: it is the same schema, as strict, only built later.
 */
interface DefinitionSource<N extends string, Request extends z.ZodMiniType, Response extends z.ZodMiniType> {
  name: N;
  request: () => Request;
  response: () => Response;
  allowTab: boolean;
  /** MessageDefinition `readsOnly`; a message that acts leaves it out. */
  readsOnly?: true;
}

function lazyDefinition<
  N extends string,
  Request extends z.ZodMiniType,
  Response extends z.ZodMiniType,
  S extends MessageScope,
>(
  { name, request, response, allowTab, readsOnly }: DefinitionSource<N, Request, Response>,
  scope: S,
): MessageDefinition<N, Request, Response, S> {
  let requestSchema: Request | undefined;
  let responseSchema: Response | undefined;
  return {
    name,
    allowTab,
    scope,
    readsOnly: readsOnly === true,
    get request() {
      return (requestSchema ??= request());
    },
    get response() {
      return (responseSchema ??= response());
    },
  };
}

/** A message that acts on the extension as a whole. */
export function defineMessage<const N extends string, Request extends z.ZodMiniType, Response extends z.ZodMiniType>(
  definition: DefinitionSource<N, Request, Response>,
): MessageDefinition<N, Request, Response, 'extension'> {
  return lazyDefinition(definition, 'extension');
}

/** A message that acts in one workspace: its request must name it, or this does not type-check. */
export function defineWorkspaceMessage<
  const N extends string,
  Request extends z.ZodMiniType<{ workspaceId: string }>,
  Response extends z.ZodMiniType,
>(definition: DefinitionSource<N, Request, Response>): MessageDefinition<N, Request, Response, 'workspace'> {
  return lazyDefinition(definition, 'workspace');
}

export type RequestOfDefinition<D extends MessageDefinition> = z.infer<D['request']>;
export type ResponseOfDefinition<D extends MessageDefinition> = z.infer<D['response']>;
