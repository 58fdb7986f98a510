import { t } from '@/lib/i18n';
import { USER_GROUP_API_FIELDS_ID } from '../ConnectionSection';

/** Moves focus to the first field of the user group API's settings, scrolled into view. */
function goToSettings() {
  const field = document.getElementById(USER_GROUP_API_FIELDS_ID)?.querySelector('input');
  field?.scrollIntoView({ block: 'center' });
  field?.focus();
}

/**
 * A workspace without the user group API (reviewers need only the project API): one explanation and
 * the way to set it up, instead of forms that could only fail.
 */
export function UserGroupApiNotSetUp() {
  return (
    <section aria-labelledby="groups-heading">
      <h2 id="groups-heading">{t('groupsHeading')}</h2>
      <p>{t('groupsApiNotSetUp')}</p>
      <button type="button" onClick={goToSettings}>
        {t('groupsSetUpApi')}
      </button>
    </section>
  );
}
