// A wrong Node must fail at once, with the fix, for every npm script and for npm install.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const PREFLIGHT = 'node scripts/check-node.cjs && ';
const packageJson = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};
const { problem } = createRequire(import.meta.url)(`${root}scripts/check-node.cjs`) as {
  problem: (version: string, range: string, execPath: string) => string | null;
};

describe('the Node preflight', () => {
  it.each(Object.keys(packageJson.scripts))('npm run %s checks the Node version first', (name) => {
    expect(
      packageJson.scripts[name]?.startsWith(PREFLIGHT),
      `add "${PREFLIGHT}" in front of the "${name}" script`,
    ).toBe(true);
  });

  it('npm install and npm ci refuse a wrong Node (engine-strict)', () => {
    expect(readFileSync(`${root}.npmrc`, 'utf8')).toMatch(/^engine-strict=true$/m);
  });

  it('accepts the versions engines.node allows', () => {
    expect(packageJson.engines.node).toBe('>=22.18');
    for (const version of ['22.18.0', '22.20.1', '23.0.0', '24.21.0', 'v26.1.0']) {
      expect(problem(version, packageJson.engines.node, '/bin/node'), version).toBeNull();
    }
  });

  it('refuses older versions, naming the version needed, the one found, and the fix', () => {
    for (const version of ['20.20.2', '22.17.9', '22.0.0', '18.19.0', 'v10.24.1']) {
      const message = problem(version, packageJson.engines.node, '/usr/bin/node');
      expect(message, version).toContain(`needs Node.js >=22.18, but this is Node ${version} (/usr/bin/node)`);
      expect(message).toContain('source .ci/provision');
      expect(message).toContain('. .ci/provision');
      expect(message).toContain('each new terminal');
    }
  });

  it('passes on this Node, silently', () => {
    const run = spawnSync(process.execPath, ['scripts/check-node.cjs'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout + run.stderr).toBe('');
  });
});
