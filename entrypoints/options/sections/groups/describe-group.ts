import { t } from '@/lib/i18n';
import { ENVIRONMENT_NAMES, type Environment } from '@/lib/environment';

/** An environment as people read it, in the page's language (the service's value stays "Customer"). */
export const environmentLabel = (environment: Environment): string => t(ENVIRONMENT_NAMES[environment]);

/** How one user group is named in the page's messages: “Name” (Environment, ID id). */
export function describeGroup(name: string, environment: Environment, id: string): string {
  return t('groupsDescribe', name, environmentLabel(environment), id);
}
