import { t } from '@/lib/i18n';
import { sectionHref } from '@/lib/url/section-routes';

/**
 * A workspace without the user group API (reviewers need only the project API): one explanation and
 * a link to the settings that set it up (the Connection section, another section of the page), instead
 * of forms that could only fail.
 */
export function UserGroupApiNotSetUp() {
  return (
    <section aria-labelledby="groups-heading">
      <h2 id="groups-heading" tabIndex={-1}>
        {t('groupsHeading')}
      </h2>
      <p>{t('groupsApiNotSetUp')}</p>
      <a className="button" href={sectionHref('connection', 'user-group-api')}>
        {t('groupsSetUpApi')}
      </a>
    </section>
  );
}
