import { useEffect, useState } from 'react';
import { readActionShortcut } from '@/lib/commands/action-shortcut';
import { t } from '@/lib/i18n';

/** The keyboard shortcut that opens this popup, as the browser has it now (the user may change it). */
export function ShortcutFooter() {
  const [shortcut, setShortcut] = useState<string | null>();
  useEffect(() => {
    void readActionShortcut().then((value) => setShortcut(value ?? null));
  }, []);
  if (shortcut === undefined) return <footer />;
  return <footer>{shortcut ? t('shortcutIs', shortcut) : t('shortcutNotSet')}</footer>;
}
