import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import { ShortcutLine } from './ShortcutLine';

/** #about: which version this is, how to open the popup, and what the extension keeps where. */
export function AboutSection() {
  const { version } = browser.runtime.getManifest();
  return (
    <section aria-labelledby="about-heading">
      <h2 id="about-heading">{t('aboutHeading')}</h2>
      <dl className="facts">
        <dt>{t('aboutVersion')}</dt>
        <dd>{version}</dd>
        <dt>{t('aboutShortcut')}</dt>
        <dd>
          <ShortcutLine />
        </dd>
      </dl>
      <h3>{t('aboutDataHeading')}</h3>
      <ul className="plain-list">
        <li>{t('aboutDataSecrets')}</li>
        <li>{t('aboutDataTokens')}</li>
        <li>{t('aboutDataNetwork')}</li>
      </ul>
    </section>
  );
}
