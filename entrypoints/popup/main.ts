import '@/components/theme.css';
import './popup.css';
import { startPopupRequests } from './start-requests';

// The popup's first chunk is this and the two requests, nothing more: the tab and the background's
// answer are on their way while React, zod and the form load (./mount.tsx), which then pick them up.
const started = startPopupRequests(location.search);
void import('./mount').then(({ mountPopup }) => mountPopup(started));
