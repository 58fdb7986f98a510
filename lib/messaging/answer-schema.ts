import { resultSchema } from '../result';
import type { MessageDefinition } from './define-message';

const answerSchemas = new WeakMap<MessageDefinition, ReturnType<typeof resultSchema>>();

/**
 * The schema of a message's answer (a Result carrying its response), made once per message: building
 * it is zod's costliest step, and the router and the pages check every answer with it.
 */
export function answerSchemaOf(message: MessageDefinition): ReturnType<typeof resultSchema> {
  let schema = answerSchemas.get(message);
  if (!schema) answerSchemas.set(message, (schema = resultSchema(message.response)));
  return schema;
}
