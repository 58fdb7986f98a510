// No tracked file names a path of the machine it was written on (issue 39): a comment that points at a
// developer's folder means nothing to the next reader, and a script that writes there fails elsewhere.
// Paths are judged by their beginning: this machine's home, the repository's own location, and the
// folders where the project's checkouts and shared notes have lived.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Beginnings of absolute paths that belong to a machine, not to the project. */
const MACHINE_PREFIXES = [...new Set([`${ROOT}/`, `${homedir()}/`, '/work/', '/root/', '/home/runner/'])];
/** Example file addresses in tests of what cannot be registered: `file:///home/me/…` is a made-up path. */
const MADE_UP = /file:\/\/\/home\/me\//g;

/** This file names the prefixes it looks for; lock files and pictures are not written by hand. */
const NOT_SCANNED = new Set([path.relative(ROOT, import.meta.filename), 'package-lock.json']);

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && !NOT_SCANNED.has(file) && !/\.(png|jpe?g|gif|ico|zip|gz|woff2?)$/.test(file));

/** The lines of `text` that name one of `prefixes`, as `line: text`. */
export function machinePathLines(text: string, prefixes: readonly string[]): string[] {
  return text
    .split('\n')
    .map((line, index) => ({ line: line.replace(MADE_UP, ''), number: index + 1 }))
    .filter(({ line }) => prefixes.some((prefix) => line.includes(prefix)))
    .map(({ line, number }) => `${number}: ${line.trim()}`);
}

describe('machine paths', () => {
  it('finds a path of this machine, and passes a made-up example', () => {
    expect(machinePathLines('see /work/shared/recipes.md', MACHINE_PREFIXES)).toEqual([
      '1: see /work/shared/recipes.md',
    ]);
    expect(machinePathLines(`open ${ROOT}/docs/a.md`, MACHINE_PREFIXES)).toHaveLength(1);
    expect(machinePathLines("['file:///home/me/a.pdf']", MACHINE_PREFIXES)).toEqual([]);
  });

  it('no tracked file names one', () => {
    const found = tracked.flatMap((file) =>
      machinePathLines(readFileSync(path.join(ROOT, file), 'utf8'), MACHINE_PREFIXES).map((line) => `${file}:${line}`),
    );
    expect(found).toEqual([]);
  });
});
