import { t } from '@/lib/i18n';

/** What a part of the options page says while its data or its code is on the way. */
export function Loading() {
  return <p aria-busy="true">{t('optionsLoading')}</p>;
}
