import { startPopupRequests } from './start-requests';

/**
 * The popup's requests, started when its first chunk (main.ts) loads, before anything else of the popup
 * is evaluated; the first screen (first-screen.ts) and the UI (mount.tsx) take their answers from here
 * (./opening-state.ts). A module both import, evaluated once.
 */
export const started = startPopupRequests(location.search);
