// .ci/provision in the shells a newcomer has: sourced (bash, zsh, POSIX sh) it puts Node 24 first on
// PATH; executed, it cannot, and says exactly what to do. Runs on a copy with fake `node` binaries, so
// nothing is installed: the "system" Node is too old, the one in .node/ is new enough.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let repo: string;
let oldBin: string;

/** A `node` that answers `-v` with `version` and the provision's version check with `ok`. */
function fakeNode(dir: string, version: string, ok: boolean): void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'node');
  writeFileSync(file, `#!/bin/sh\ncase "$1" in -v) echo ${version} ;; -e) exit ${ok ? 0 : 1} ;; esac\n`);
  chmodSync(file, 0o755);
}

beforeAll(() => {
  repo = mkdtempSync(path.join(tmpdir(), 'rc-provision-'));
  mkdirSync(path.join(repo, '.ci'));
  copyFileSync(path.join(root, '.ci/provision'), path.join(repo, '.ci/provision'));
  writeFileSync(path.join(repo, 'package.json'), '{}');
  fakeNode(path.join(repo, '.node/node_modules/.bin'), 'v24.0.0', true);
  oldBin = path.join(repo, 'old-bin');
  fakeNode(oldBin, 'v20.0.0', false);
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

function run(shell: string, args: string[], cwd = repo) {
  const result = spawnSync(shell, args, {
    cwd,
    encoding: 'utf8',
    // Browsers "present" (any executable will do), so that no apt-get runs.
    env: { PATH: `${oldBin}:/usr/bin:/bin`, HOME: repo, CHROMIUM_PATH: '/bin/sh', FIREFOX_PATH: '/bin/sh' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const shells = ['bash', 'sh', 'zsh'].filter((shell) => existsSync(`/bin/${shell}`) || existsSync(`/usr/bin/${shell}`));

describe.each(shells)('.ci/provision under %s', (shell) => {
  it('sourced: this shell now runs the Node in .node/, and no helper variable is left behind', () => {
    const { status, stdout, stderr } = run(shell, [
      '-c',
      '. .ci/provision; echo "status=$? node=$(node -v)"; set | grep "^_rc" || true',
    ]);
    expect(stdout.trim()).toBe('status=0 node=v24.0.0');
    expect(stderr).toContain('provision: this shell now runs node v24.0.0');
    expect(status).toBe(0);
  });

  it('sourced under `set -eu` (as .ci/run does) carries on after it', () => {
    const { stdout } = run(shell, ['-c', 'set -eu; . .ci/provision; echo "after $(node -v)"']);
    expect(stdout.trim()).toBe('after v24.0.0');
  });

  it('executed: prints the line to eval on stdout, what to do on stderr, and exits 1', () => {
    const { status, stdout, stderr } = run(shell, ['.ci/provision']);
    expect(stdout).toBe(`export PATH="${repo}/.node/node_modules/.bin:$PATH"\n`);
    expect(stderr).toContain('executed, not sourced');
    expect(stderr).toContain('your shell still runs v20.0.0');
    expect(stderr).toContain('source .ci/provision');
    expect(stderr).toContain('eval "$(sh .ci/provision)"');
    expect(status).toBe(1);
  });

  it('executed inside eval: the calling shell gets the new Node', () => {
    const { stdout } = run(shell, ['-c', 'eval "$(sh .ci/provision 2>/dev/null)"; node -v']);
    expect(stdout.trim()).toBe('v24.0.0');
  });
});

describe('.ci/provision, the edge cases', () => {
  it('sourced by sh outside the repository root: says so, and leaves the shell running', () => {
    mkdirSync(path.join(repo, 'sub'), { recursive: true });
    const { stdout, stderr } = run(
      'sh',
      ['-c', '. ../.ci/provision; echo "status=$? node=$(node -v)"'],
      path.join(repo, 'sub'),
    );
    expect(stdout.trim()).toBe('status=1 node=v20.0.0');
    expect(stderr).toContain('source it from the repository root');
  });

  it('with a new enough Node first on PATH: executed, it says there is nothing to change and exits 0', () => {
    const fine = spawnSync('sh', ['.ci/provision'], {
      cwd: repo,
      encoding: 'utf8',
      env: { PATH: `${repo}/.node/node_modules/.bin:/usr/bin:/bin`, CHROMIUM_PATH: '/bin/sh', FIREFOX_PATH: '/bin/sh' },
    });
    expect(fine.stdout).toBe('');
    expect(fine.stderr).toContain('nothing to change');
    expect(fine.status).toBe(0);
  });
});
