import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { devStartRefusal, DEV_STARTED_BY, loadByHandHint, whoHolds } from '../../sandbox/dev-sandbox.ts';
import { startSandbox } from '../../sandbox/server.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** Any HTTP server that is not a sandbox, on a free port of 127.0.0.1. */
async function otherServer(): Promise<number> {
  const server: Server = createServer((_request, response) => response.end('<!doctype html>hello'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return (server.address() as AddressInfo).port;
}

/** A port nobody listens on (taken, then released). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function sandboxOn(startedBy?: string): Promise<number> {
  const sandbox = await startSandbox({ startedBy });
  cleanups.push(() => sandbox.close());
  return sandbox.port;
}

describe('whoHolds', () => {
  it('tells a free port, a sandbox (with what started it) and another program apart', async () => {
    expect(await whoHolds(await freePort())).toEqual({ kind: 'free' });
    expect(await whoHolds(await sandboxOn(DEV_STARTED_BY))).toEqual({
      kind: 'sandbox',
      startedBy: DEV_STARTED_BY,
      pid: process.pid,
    });
    expect(await whoHolds(await sandboxOn())).toEqual({ kind: 'sandbox', startedBy: null, pid: process.pid });
    expect(await whoHolds(await otherServer())).toEqual({ kind: 'other' });
  });
});

describe('devStartRefusal: a second npm run dev is refused, with what to do', () => {
  it('lets dev start when both ports are free', async () => {
    expect(await devStartRefusal({ sandboxPort: await freePort(), wxtPort: await freePort() })).toBeNull();
  });

  it('refuses when the sandbox port holds the sandbox of another npm run dev', async () => {
    const sandboxPort = await sandboxOn(DEV_STARTED_BY);
    const refusal = await devStartRefusal({ sandboxPort, wxtPort: await freePort() });
    expect(refusal).toContain(
      `Another \`npm run dev\` is already running (sandbox on 127.0.0.1:${sandboxPort}, process ${process.pid})`,
    );
    expect(refusal).toContain('Stop it first (Ctrl+C in its terminal)');
  });

  it('refuses when another program holds the sandbox port', async () => {
    const sandboxPort = await otherServer();
    expect(await devStartRefusal({ sandboxPort, wxtPort: await freePort() })).toContain(
      `Port ${sandboxPort} is taken by another program`,
    );
  });

  it("refuses when WXT's dev server port is taken, even with a sandbox started alone", async () => {
    const wxtPort = await otherServer();
    const refusal = await devStartRefusal({ sandboxPort: await sandboxOn('npm run sandbox'), wxtPort });
    expect(refusal).toContain(`Port ${wxtPort}, where WXT's dev server listens, is in use`);
  });

  it('reuses a sandbox started alone (npm run sandbox) when the WXT port is free', async () => {
    expect(
      await devStartRefusal({ sandboxPort: await sandboxOn('npm run sandbox'), wxtPort: await freePort() }),
    ).toBeNull();
  });
});

describe('loadByHandHint', () => {
  it('tells Chrome users about chrome://extensions and Firefox users about about:debugging', () => {
    expect(loadByHandHint('chrome', '.output/chrome-mv3-dev')).toContain(
      'chrome://extensions → Developer mode → Load unpacked',
    );
    const firefox = loadByHandHint('firefox', '.output/firefox-mv3-dev');
    expect(firefox).toContain('about:debugging#/runtime/this-firefox → Load Temporary Add-on…');
    expect(firefox).toContain('.output/firefox-mv3-dev/manifest.json');
    expect(firefox).not.toContain('chrome://');
  });
});
