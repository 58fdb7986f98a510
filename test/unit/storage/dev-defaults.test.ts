import { describe, expect, it } from 'vitest';
import { devConnectionDefaults, devProjectLink } from '@/lib/storage/connection/dev-defaults';
import { PROJECT_PAGE_PREFIX } from '../../sandbox/pages.ts';
import { DEMO_CREDENTIALS } from '../../sandbox/server.ts';
import { DEV_SANDBOX_PORT } from '../../sandbox/dev-sandbox.ts';

describe('development defaults', () => {
  it('are absent outside a development build (tests run in mode "test")', () => {
    expect(devConnectionDefaults).toBeUndefined();
    expect(devProjectLink).toBeUndefined();
  });

  it('match the sandbox that npm run dev starts', async () => {
    // The dev literal is only compiled in development; read it from the source to compare.
    const source = await import('node:fs').then((fs) =>
      fs.readFileSync('lib/storage/connection/dev-defaults.ts', 'utf8'),
    );
    for (const value of Object.values(DEMO_CREDENTIALS)) expect(source).toContain(`'${value}'`);
    expect(source).toContain(`'http://127.0.0.1:${DEV_SANDBOX_PORT}/ug'`);
    expect(source).toContain(`'http://127.0.0.1:${DEV_SANDBOX_PORT}/projects'`);
    // Open project leads to the sandbox's page of the project.
    expect(source).toContain(`'http://127.0.0.1:${DEV_SANDBOX_PORT}${PROJECT_PAGE_PREFIX}{projectId}'`);
  });
});
