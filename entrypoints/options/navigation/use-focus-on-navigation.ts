import { useEffect, useRef, type RefObject } from 'react';
import type { Section } from '@/lib/url/section-routes';
import { targetOfHash } from './hash-target';

/**
 * After the user moves to another section, focus goes to its heading, so that a screen reader says
 * where they are and Tab continues in the section. Not on the first load (the browser's own start),
 * and not when the new section has already put focus somewhere of its own (a field to fill in). A
 * section whose heading is not there yet (its code loads on demand, or it waits for the connection
 * status) gets focus when the heading arrives, unless the user moved on first.
 */
export function useFocusOnNavigation(section: Section, content: RefObject<HTMLElement | null>): void {
  const shown = useRef<Section>(undefined);
  useEffect(() => {
    const previous = shown.current;
    shown.current = section;
    if (previous === undefined || previous === section) return;
    const container = content.current;
    // An address that points into the section (`#connection/project-api`) has its target take focus.
    if (!container || targetOfHash(location.hash)) return;
    const focusHeading = (): boolean => {
      if (container.contains(document.activeElement)) return true;
      const heading = container.querySelector<HTMLElement>('h2');
      if (!heading) return false;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      window.scrollTo({ top: 0 });
      return true;
    };
    if (focusHeading()) return;
    const waitedFrom = document.activeElement;
    const arrival = new MutationObserver(() => {
      // Focus the user put elsewhere meanwhile (another field, the navigation) stays where it is.
      const moved = document.activeElement !== waitedFrom && document.activeElement !== document.body;
      if (moved || focusHeading()) arrival.disconnect();
    });
    arrival.observe(container, { childList: true, subtree: true });
    return () => arrival.disconnect();
  }, [section, content]);
}
