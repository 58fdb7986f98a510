import type { z } from 'zod/mini';

/**
 * One message of the protocol: its name, the schema of its request and of its response, and whether
 * an extension page opened in a tab (the options page, the popup as a window) may send it.
 * Pages import the definitions they send, so each bundle carries only its own messages' schemas.
 */
export interface MessageDefinition<
  N extends string = string,
  Request extends z.ZodMiniType = z.ZodMiniType,
  Response extends z.ZodMiniType = z.ZodMiniType,
> {
  name: N;
  request: Request;
  response: Response;
  allowTab: boolean;
}

export function defineMessage<const N extends string, Request extends z.ZodMiniType, Response extends z.ZodMiniType>(
  definition: MessageDefinition<N, Request, Response>,
): MessageDefinition<N, Request, Response> {
  return definition;
}

export type RequestOfDefinition<D extends MessageDefinition> = z.infer<D['request']>;
export type ResponseOfDefinition<D extends MessageDefinition> = z.infer<D['response']>;
