/** The sandbox that `npm run dev` starts next to the dev build (see wxt.config.ts). */
import { connect } from 'node:net';
import { describeSandbox } from './banner.ts';
import { SANDBOX_SERVICE } from './route-index.ts';
import { startSandbox } from './server.ts';

/** Dev builds are pointed at this port (lib/storage/connection/dev-defaults.ts). */
export const DEV_SANDBOX_PORT = 8787;
/** WXT's dev server port, pinned with strictPort in wxt.config.ts so that it never drifts to 3001. */
export const WXT_DEV_PORT = 3000;
/** How the dev sandbox introduces itself on GET / (see route-index.ts). */
export const DEV_STARTED_BY = 'npm run dev';

/** Who listens on a port: nobody, one of our sandboxes (and what started it), or another program. */
export type PortHolder =
  { kind: 'free' } | { kind: 'sandbox'; startedBy: string | null; pid: number | null } | { kind: 'other' };

/** True when something accepts TCP connections on host:port. */
export function isListening(port: number, host: string, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const done = (listening: boolean): void => {
      socket.destroy();
      resolve(listening);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false)); // refused, or no such address family (::1 without IPv6)
  });
}

/** Who holds the sandbox port: a listener that answers GET / as a sandbox is one, anything else is not. */
export async function whoHolds(port: number, host = '127.0.0.1'): Promise<PortHolder> {
  if (!(await isListening(port, host))) return { kind: 'free' };
  try {
    const response = await fetch(`http://${host}:${port}/`, { signal: AbortSignal.timeout(2000) });
    const body = (await response.json()) as { service?: unknown; startedBy?: unknown; pid?: unknown };
    if (body.service !== SANDBOX_SERVICE) return { kind: 'other' };
    return {
      kind: 'sandbox',
      startedBy: typeof body.startedBy === 'string' ? body.startedBy : null,
      pid: typeof body.pid === 'number' ? body.pid : null,
    };
  } catch {
    return { kind: 'other' };
  }
}

export interface DevPorts {
  sandboxPort?: number;
  wxtPort?: number;
}

/**
 * Why `npm run dev` must not start, or null when it may. A second `npm run dev` would share the first
 * one's sandbox (and lose it when the first stops) and its WXT server would drift to another port, so it
 * is refused. A sandbox started alone (`npm run sandbox`) is fine: dev reuses it.
 */
export async function devStartRefusal({
  sandboxPort = DEV_SANDBOX_PORT,
  wxtPort = WXT_DEV_PORT,
}: DevPorts = {}): Promise<string | null> {
  const stopIt = 'Stop it first (Ctrl+C in its terminal), then run this again.';
  const holder = await whoHolds(sandboxPort);
  if (holder.kind === 'sandbox' && holder.startedBy === DEV_STARTED_BY) {
    const pid = holder.pid === null ? '' : `, process ${holder.pid}`;
    return (
      `Another \`npm run dev\` is already running (sandbox on 127.0.0.1:${sandboxPort}${pid}). ${stopIt}\n` +
      'Two at once would share one sandbox, and stopping the first would take the service away from the second.'
    );
  }
  if (holder.kind === 'other') {
    return (
      `Port ${sandboxPort} is taken by another program, but dev builds talk to the sandbox at ` +
      `http://127.0.0.1:${sandboxPort}. ${stopIt}`
    );
  }
  // WXT listens on "localhost", which is 127.0.0.1 or ::1 depending on the machine.
  const wxtBusy = (await isListening(wxtPort, '127.0.0.1')) || (await isListening(wxtPort, '::1'));
  if (wxtBusy) {
    return (
      `Port ${wxtPort}, where WXT's dev server listens, is in use: probably another \`npm run dev\` ` +
      `(or \`npm run dev:firefox\`), or another dev server. ${stopIt}`
    );
  }
  return null;
}

/** What to do when no browser can be launched: how to load the dev build by hand, per browser. */
export function loadByHandHint(browser: string, outDir: string): string {
  if (browser === 'firefox') {
    return (
      `No display to launch a browser: load ${outDir} in Firefox 140 or newer by hand: ` +
      `about:debugging#/runtime/this-firefox → Load Temporary Add-on… → choose ${outDir}/manifest.json ` +
      '(a temporary add-on: load it again after Firefox restarts).'
    );
  }
  return (
    `No display to launch a browser: load ${outDir} as an unpacked extension ` +
    '(chrome://extensions → Developer mode → Load unpacked).'
  );
}

/** Starts the sandbox and returns its stop function; reuses one started alone (`npm run sandbox`). */
export async function startDevSandbox(port = DEV_SANDBOX_PORT): Promise<() => Promise<void>> {
  try {
    const sandbox = await startSandbox({ port, host: '127.0.0.1', startedBy: DEV_STARTED_BY });
    console.log(`\n${describeSandbox(sandbox)}`);
    return () => sandbox.close();
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
      console.warn(
        `Port ${port} is in use: using the sandbox already running there (npm run sandbox). ` +
          'Stopping it stops the service this dev build talks to.',
      );
      return () => Promise.resolve();
    }
    throw error;
  }
}
