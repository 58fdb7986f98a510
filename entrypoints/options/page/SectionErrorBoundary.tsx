import { Component, type ReactNode } from 'react';
import { Alert } from '@/components/Alert';
import { t } from '@/lib/i18n';

/**
 * A section that fails to render says so and leaves the header and the navigation working: the
 * other sections, and the way to them, stay usable. Keyed by section, so moving away and back retries.
 */
export class SectionErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert>
        {t('sectionFailed')}{' '}
        <button type="button" onClick={() => location.reload()}>
          {t('sectionReload')}
        </button>
      </Alert>
    );
  }
}
