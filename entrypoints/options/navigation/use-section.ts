import { useSyncExternalStore } from 'react';
import type { Section } from '@/lib/url/section-routes';
import { sectionOfHash } from './hash-route';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The section the address names; follows the back and forward buttons and links within the page. */
export function useSection(): Section {
  return useSyncExternalStore(subscribe, () => sectionOfHash(location.hash));
}
