import { z } from 'zod/mini';
import type { MessageKey } from './i18n';
import { text, type MessageRef } from './message-ref';

/** A user group's environment tag (service-api.md): an id is unique within one environment. */
export const environmentSchema = z.enum(['Customer', 'Testing']);
export type Environment = z.infer<typeof environmentSchema>;

/** The messages that name each environment to people ("Customer" is the service's value, not a word of the UI). */
export const ENVIRONMENT_NAMES = {
  Customer: 'groupsEnvironmentCustomer',
  Testing: 'groupsEnvironmentTesting',
} as const satisfies Record<Environment, MessageKey>;

/** An environment's name as an argument of a named text. */
export const environmentName = (environment: Environment): MessageRef => text(ENVIRONMENT_NAMES[environment]);
