import { useEffect, type RefObject } from 'react';
import type { SectionTarget } from '@/lib/url/section-routes';
import { targetOfHash } from './hash-target';

/**
 * Puts focus in the first field of `element` when the address points at `target`
 * (`#connection/user-group-api`): on arrival from a link in the popup or elsewhere in the page.
 * `target`: one of the targets its section's route names (lib/url/section-routes.ts).
 * `ready`: false while the element's content is still loading (it is looked for again once it is true).
 */
export function useFocusWhenTargeted(
  target: SectionTarget,
  element: RefObject<HTMLElement | null>,
  ready = true,
): void {
  useEffect(() => {
    if (!ready) return;
    const focusIfTargeted = () => {
      if (targetOfHash(location.hash) !== target) return;
      const field = element.current?.querySelector<HTMLElement>(
        'input:not([disabled]), select:not([disabled]), textarea:not([disabled])',
      );
      field?.scrollIntoView({ block: 'center' });
      field?.focus();
    };
    focusIfTargeted();
    window.addEventListener('hashchange', focusIfTargeted);
    return () => window.removeEventListener('hashchange', focusIfTargeted);
  }, [target, element, ready]);
}
