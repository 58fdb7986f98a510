import { describeSetupGaps } from '@/lib/connection/missing-setup';
import { t } from '@/lib/i18n';
import type { SetupGap } from '@/lib/storage/popup-view/setup-gaps';
import { openSettingsAt } from './open-settings';

/** The project API is not ready: exactly what is missing, and the way to the settings that set it. */
export function NotSetUp({ missing }: { missing: readonly SetupGap[] }) {
  return (
    <div className="setup">
      <p>{t('popupNeedsConnection')}</p>
      <ul>
        {describeSetupGaps(missing).map((text) => (
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
