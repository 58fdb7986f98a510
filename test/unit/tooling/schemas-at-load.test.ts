import { afterEach, describe, expect, it, vi } from 'vitest';

// Building zod schemas was 38 % of the options page's UI chunk evaluation (issue 25): each is a zod
// constructor call. Modules export the schemas a page's first screen does not use as z.lazy (built
// on first use), so loading a page builds few. These budgets keep it so: a module that builds its
// schemas at load again fails here, with the modules that build the most named in the message.

/** zod calls this hook once for every schema (and check) it builds: the count of constructions. */
interface ZodGlobalConfig {
  postProcessor?: (schema: unknown) => void;
}
const zodConfig = () => ((globalThis as { __zod_globalConfig?: ZodGlobalConfig }).__zod_globalConfig ??= {});

/** The module of ours whose code called the constructor: the first frame under lib/, entrypoints/ or components/. */
function builder(): string {
  for (const line of new Error().stack!.split('\n')) {
    const file = /\/((?:lib|entrypoints|components)\/[^:?)]+)/.exec(line)?.[1];
    if (file) return file;
  }
  return 'elsewhere';
}

/** How many schemas importing `load`'s module builds (with every module it imports loaded afresh), and by whom. */
async function schemasBuiltBy(load: () => Promise<unknown>): Promise<{ total: number; byModule: string }> {
  vi.resetModules();
  const counts = new Map<string, number>();
  zodConfig().postProcessor = () => {
    const key = builder();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  try {
    await load();
  } finally {
    delete zodConfig().postProcessor;
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 10);
  return {
    total: [...counts.values()].reduce((sum, count) => sum + count, 0),
    byModule: ranked.map(([file, count]) => `${count} ${file}`).join(', '),
  };
}

afterEach(() => {
  delete zodConfig().postProcessor;
});

describe('schemas built when a page loads', () => {
  // The options page built 578 before they were lazy, the popup 107; what is left is mostly what their
  // first screen reads (the workspace list, the lock status, the popup's history).
  it('the options page builds fewer than 120', { timeout: 60_000 }, async () => {
    const { total, byModule } = await schemasBuiltBy(() => import('../../../entrypoints/options/App'));
    expect(total, byModule).toBeGreaterThan(0);
    expect(total, byModule).toBeLessThan(120);
  });

  it('the popup builds fewer than 50', { timeout: 60_000 }, async () => {
    const { total, byModule } = await schemasBuiltBy(() => import('../../../entrypoints/popup/App'));
    expect(total, byModule).toBeGreaterThan(0);
    expect(total, byModule).toBeLessThan(50);
  });

  it('counts what a module builds at load, and nothing a lazy schema defers', async () => {
    const { z } = await import('zod/mini');
    const eager = await schemasBuiltBy(() => Promise.resolve(z.object({ name: z.string() })));
    const lazy = await schemasBuiltBy(() => Promise.resolve(z.lazy(() => z.object({ name: z.string() }))));
    expect(eager.total).toBe(2);
    expect(lazy.total).toBe(1);
  });
});
