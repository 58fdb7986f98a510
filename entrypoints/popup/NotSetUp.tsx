import type { ConnectionStatus } from '@/lib/connection/connection-status';
import { describeMissingSetup } from '@/lib/connection/missing-setup';
import { t } from '@/lib/i18n';
import { openSettingsAt } from './open-settings';

/** The project API is not ready: exactly what is missing, and the way to the settings that set it. */
export function NotSetUp({ status }: { status: ConnectionStatus }) {
  return (
    <div className="setup">
      <p>{t('popupNeedsConnection')}</p>
      <ul>
        {describeMissingSetup(status).map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <button type="button" className="primary" autoFocus onClick={() => openSettingsAt('connection/project-api')}>
        {t('openSettings')}
      </button>
      <p className="hint">{t('setupWhoHelps')}</p>
    </div>
  );
}
