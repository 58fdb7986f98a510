/** `npm run sandbox`: the sandbox alone, on PORT (default 8787), until Ctrl+C. */
import { describeSandbox } from './banner.ts';
import { startSandbox } from './server.ts';

const DEFAULT_PORT = 8787;

function portFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new RangeError(`PORT must be an integer from 0 to 65535, not "${value}"`);
  }
  return port;
}

async function main(): Promise<void> {
  const port = portFromEnv(process.env.PORT);
  const sandbox = await startSandbox({ port, host: '127.0.0.1', startedBy: 'npm run sandbox' });
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) process.exit(1); // a second Ctrl+C: do not wait any longer
    stopping = true;
    console.log(`\n${signal}: stopping the sandbox`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Printed only once the handlers are in place: a supervisor may signal as soon as it sees this.
  console.log(describeSandbox(sandbox));
  console.log('Press Ctrl+C to stop.');
}

main().catch((error: unknown) => {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'EADDRINUSE') {
    const port = process.env.PORT ?? DEFAULT_PORT;
    console.error(`Port ${port} is already in use (is a sandbox already running?). Set PORT to use another.`);
  } else if (error instanceof RangeError) {
    console.error(error.message); // a bad PORT: the stack would only get in the way
  } else {
    console.error(error);
  }
  process.exit(1);
});
