import { t } from '@/lib/i18n';

/** How one user group is named in the page's messages: “Name” (Environment, ID id). */
export function describeGroup(name: string, environment: string, id: string): string {
  return t('groupsDescribe', name, environment, id);
}
