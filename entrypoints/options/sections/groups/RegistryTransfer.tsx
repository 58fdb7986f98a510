import { t } from '@/lib/i18n';
import { RegistryExport } from '../../shared/RegistryExport';
import type { Outcome } from './outcome';

/** Export the whole registry. (A backup is restored through Add groups from file: BulkCreateSection.tsx.) */
export function RegistryTransfer({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  return (
    <div role="group" aria-labelledby="transfer-heading" className="transfer">
      <h3 id="transfer-heading">{t('importHeading')}</h3>
      <p className="hint">{t('importIntro')}</p>
      <RegistryExport onOutcome={onOutcome} />
    </div>
  );
}
