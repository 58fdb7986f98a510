import { t } from '../i18n';
import type { Workspace } from '../storage/workspaces/workspace-index-schema';

/** A workspace as a select lists it: the organisation's say "(managed)" after the name. */
export const workspaceLabel = (workspace: Pick<Workspace, 'name' | 'managed'>): string =>
  workspace.managed ? t('workspaceManagedOption', workspace.name) : workspace.name;
