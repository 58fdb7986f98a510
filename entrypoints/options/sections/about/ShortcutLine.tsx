import { useEffect, useState } from 'react';
import { readActionShortcut } from '@/lib/commands/action-shortcut';
import { t } from '@/lib/i18n';

/** The shortcut that opens the popup, as the browser has it now, and where to change it. */
export function ShortcutLine() {
  const [shortcut, setShortcut] = useState<string | null>();
  useEffect(() => {
    void readActionShortcut().then((value) => setShortcut(value ?? null));
  }, []);
  if (shortcut === undefined) return null;
  return (
    <>
      {shortcut ? <kbd>{shortcut}</kbd> : t('aboutShortcutNotSet')}{' '}
      <span className="hint">{t('aboutShortcutChange')}</span>
    </>
  );
}
