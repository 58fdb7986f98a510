import { useId } from 'react';
import { plural, t } from '@/lib/i18n';

/**
 * The separate, named choice to put a file's tokens over live ones that are newer or of unknown age.
 * Its warning is always shown under it: the service accepts only a group's current token, so a group
 * given an older one can no longer be rotated or deleted from here.
 */
export function ReplaceNewerChoice({
  count,
  checked,
  disabled,
  onChange,
}: {
  count: number;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const warningId = useId();
  return (
    <div className="field replace-newer">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={warningId}
          onChange={(event) => onChange(event.target.checked)}
        />
        {plural('importReplaceNewer', count)}
      </label>
      <p id={warningId} className={checked ? 'warning' : 'hint'}>
        {t('importReplaceNewerWarning')}
      </p>
    </div>
  );
}
