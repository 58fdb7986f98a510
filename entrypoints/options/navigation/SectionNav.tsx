import { t, type MessageKey } from '@/lib/i18n';
import { SECTIONS, type Section } from './sections';

const LABELS = {
  start: 'navStart',
  projects: 'navProjects',
  groups: 'navGroups',
  connection: 'navConnection',
  backup: 'navBackup',
  about: 'navAbout',
} as const satisfies Record<Section, MessageKey>;

/** The sections as plain links: each is an address, so the browser's back button and new tabs work. */
export function SectionNav({ current }: { current: Section }) {
  return (
    <nav aria-label={t('navLabel')} className="section-nav">
      <ul>
        {SECTIONS.map((section) => (
          <li key={section}>
            <a href={`#${section}`} aria-current={section === current ? 'page' : undefined}>
              {t(LABELS[section])}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
