import { createSerialQueue } from '../../async/serial-queue';

// Background only. One queue for every change of stored credentials: each workspace's saves and
// forgets, and the passphrase lock turning on, off or changing its passphrase (which rewrite every
// workspace's credentials). A save can then never read "lock off" and write clear text after the
// lock has sealed everything, nor the lock seal values a save is about to replace.
/** Runs `change` after every change queued before it; a failure does not stop the ones after it. */
export const inCredentialsLane = createSerialQueue();
