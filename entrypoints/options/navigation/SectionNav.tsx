import { t } from '@/lib/i18n';
import { sectionHref, type Section } from '@/lib/url/section-routes';
import { SECTION_TABLE } from '../sections/section-table';

/** The sections as plain links: each is an address, so the browser's back button and new tabs work. */
export function SectionNav({ current }: { current: Section }) {
  return (
    <nav aria-label={t('navLabel')} className="section-nav">
      <ul>
        {SECTION_TABLE.map((section) => (
          <li key={section.id}>
            <a href={sectionHref(section.id)} aria-current={section.id === current ? 'page' : undefined}>
              {t(section.label)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
