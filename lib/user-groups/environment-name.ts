import type { Environment } from '../api/user-group-api';
import type { MessageKey } from '../i18n';
import { text, type MessageRef } from '../message-ref';

/** The messages that name each environment to people ("Customer" is the service's value, not a word of the UI). */
export const ENVIRONMENT_NAMES = {
  Customer: 'groupsEnvironmentCustomer',
  Testing: 'groupsEnvironmentTesting',
} as const satisfies Record<Environment, MessageKey>;

/** An environment's name as an argument of a named text. */
export const environmentName = (environment: Environment): MessageRef => text(ENVIRONMENT_NAMES[environment]);
