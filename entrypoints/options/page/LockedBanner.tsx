import { t } from '@/lib/i18n';
import { sectionHref } from '@/lib/url/section-routes';

/**
 * Above every section while the credentials are locked: says so once, and links to the Unlock form
 * (`#connection/unlock` puts focus in it). Everything that needs no secret keeps working meanwhile.
 */
export function LockedBanner() {
  return (
    <p className="warning" role="note">
      {t('lockBanner')} {t('lockCost')} <a href={sectionHref('connection', 'unlock')}>{t('lockBannerLink')}</a>
    </p>
  );
}
