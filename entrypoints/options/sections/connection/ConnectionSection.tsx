import type { ConnectionStatus } from '@/lib/connection/connection-status';
import { t } from '@/lib/i18n';
import { ConnectionForm } from './ConnectionForm';
import { LockSettings } from './LockSettings';
import { WorkspaceSettings } from './WorkspaceSettings';

/** #connection: the shown workspace's name, both APIs' addresses and secrets, and how they are kept. */
export function ConnectionSection({ status }: { status: ConnectionStatus }) {
  return (
    <section aria-labelledby="connection-heading">
      <h2 id="connection-heading" tabIndex={-1}>
        {t('connectionHeading')}
      </h2>
      <WorkspaceSettings />
      <ConnectionForm status={status} parts={['userGroup', 'project']} showProjectLink />
      <LockSettings />
    </section>
  );
}
