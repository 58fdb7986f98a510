import type { ConnectionRepository } from '../connection/connection-repository';
import { ok } from '../result';
import { SECRET_FIELDS } from '../secrets';
import { readHistory } from '../storage/history/history-writer';
import { lastRegistryExport, tokensNotExported } from '../storage/registry/registry-exports';
import type { RegistryWriter } from '../storage/registry/registry-writer';
import type { KeyScope } from '../storage/workspace-keys';

export interface WorkspaceLossDeps {
  scope: KeyScope;
  connection: Pick<ConnectionRepository, 'load'>;
  registry: Pick<RegistryWriter, 'settled'>;
}

/** What deleting or clearing a workspace would lose: which secrets (never their values), how many tokens no export holds. */
export async function describeWorkspaceLoss({ scope, connection, registry }: WorkspaceLossDeps) {
  const [stored, current, history, lastExportAt] = await Promise.all([
    connection.load(),
    registry.settled(),
    readHistory(scope),
    lastRegistryExport(scope),
  ]);
  return ok({
    secrets: SECRET_FIELDS.filter((field) => stored[field] !== ''),
    groups: current.groups.length,
    tokensOnlyHere: tokensNotExported(current.groups, lastExportAt),
    projects: history.length,
    ...(lastExportAt !== undefined && { lastExportAt }),
  });
}
