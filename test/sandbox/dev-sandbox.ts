/** The sandbox that `npm run dev` starts next to the dev build (see wxt.config.ts). */
import { describeSandbox } from './banner.ts';
import { startSandbox } from './server.ts';

/** Dev builds are pointed at this port (lib/storage/dev-defaults.ts). */
export const DEV_SANDBOX_PORT = 8787;

/** Starts the sandbox and returns its stop function; reuses one already running on the port. */
export async function startDevSandbox(port = DEV_SANDBOX_PORT): Promise<() => Promise<void>> {
  try {
    const sandbox = await startSandbox({ port, host: '127.0.0.1' });
    console.log(`\n${describeSandbox(sandbox)}`);
    return () => sandbox.close();
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
      console.warn(`Port ${port} is in use: assuming the sandbox already runs there (npm run sandbox).`);
      return () => Promise.resolve();
    }
    throw error;
  }
}
