import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { startDevSandbox } from '../../sandbox/dev-sandbox.ts';
import { startSandbox } from '../../sandbox/server.ts';

const CLI = fileURLToPath(new URL('../../sandbox/cli.ts', import.meta.url));

interface Run {
  output: string;
  code: number | null;
}

/** Runs the CLI with Node's type stripping, as `npm run sandbox` does; sends SIGTERM once it is ready. */
function runCli(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI], { env: { ...process.env, ...env }, stdio: 'pipe' });
    let output = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Press Ctrl+C to stop.')) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ output, code });
    });
  });
}

describe('cli', () => {
  it('prints the URLs, the demo credentials, a page and the control URL, and stops cleanly on SIGTERM', async () => {
    const { output, code } = await runCli({ PORT: '0' });
    const origin = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    expect(origin).toBeDefined();
    expect(output).toContain(`User group API base URL  ${origin}/ug`);
    expect(output).toContain(`Project API URL          ${origin}/projects`);
    expect(output).toContain('sandbox-api-token-7f3a');
    expect(output).toContain('sandbox-api-key-91c2');
    expect(output).toContain('sandbox-auth-token-c4d8');
    expect(output).toContain(`${origin}/pages/welcome?title=`);
    expect(output).toContain(`${origin}/__control/`);
    expect(output).toContain('SIGTERM: stopping the sandbox');
    expect(code).toBe(0);
  });

  it('exits 1 with a message for a bad PORT', async () => {
    const { output, code } = await runCli({ PORT: 'eighty' });
    expect(output).toContain('PORT must be an integer');
    expect(code).toBe(1);
  });

  it('exits 1 and says so when the port is taken', async () => {
    const taken = await startSandbox();
    try {
      const { output, code } = await runCli({ PORT: String(taken.port) });
      expect(output).toContain('already in use');
      expect(code).toBe(1);
    } finally {
      await taken.close();
    }
  });
});

describe('dev sandbox', () => {
  it('starts a sandbox and returns a stop function', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const stop = await startDevSandbox(0);
    expect(String(log.mock.calls[0]?.[0])).toContain('Review sandbox service listening on http://127.0.0.1:');
    await stop();
  });

  it('reuses a sandbox that already runs on the port instead of failing', async () => {
    const running = await startSandbox();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const stop = await startDevSandbox(running.port);
      expect(String(warn.mock.calls[0]?.[0])).toContain(`Port ${running.port} is in use`);
      await stop();
      // The no-op stop left the running sandbox alone.
      expect((await fetch(running.pageUrl('still-here'))).status).toBe(200);
    } finally {
      await running.close();
    }
  });
});
