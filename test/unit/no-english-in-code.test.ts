import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * Issue 16: every text a user reads comes from public/_locales, wherever it is composed: the pages,
 * components, lib/ and the background. This looks for string literals of the shape of an English
 * phrase (three words or more) in all of them. Log lines, thrown developer errors and class names are
 * not for users; anything else that must stay English is listed, with why, in
 * test/unit/english-in-code-allowed.json as "<file>: <text>".
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const allowed = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'english-in-code-allowed.json'), 'utf8'),
) as Record<string, string>;

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) =>
    statSync(path.join(dir, name)).isDirectory() ? walk(path.join(dir, name)) : [path.join(dir, name)],
  );
const sources = ['entrypoints', 'lib', 'components']
  .flatMap((dir) => walk(path.join(ROOT, dir)))
  .filter((file) => /\.tsx?$/.test(file));

const LITERAL = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;
/** Three words or more, as in "Could not reach …" or "must not be empty". */
const PHRASE = /[A-Za-z][a-z’']*(?:[ ,:;—-]+[A-Za-z’'][a-z’']*){2,}/;
/** Not for users: comments, logs, errors a developer reads, CSS class lists. */
const NOT_FOR_USERS = /^\s*(\/\/|\*|\/\*)|console\.|new Error\(|className=/;
/** A log or error call whose text the formatter put on the next line. */
const OPENS_A_LOG = /(console\.\w+|new Error)\($/;

function englishPhrases(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line, index, lines) => !NOT_FOR_USERS.test(line) && !OPENS_A_LOG.test(lines[index - 1]?.trim() ?? ''))
    .flatMap((line) => [...line.matchAll(LITERAL)].map((match) => match[1] ?? match[2] ?? match[3] ?? ''))
    .filter((text) => {
      const words = text.replace(/\$\{[^}]*\}/g, '');
      return PHRASE.test(words) && /[a-z]{3}/.test(words) && words.trim().includes(' ');
    })
    .map((text) => `${path.relative(ROOT, file)}: ${text}`);
}

it('no English phrase is written in the code: every user-facing text is a message', () => {
  const found = sources.flatMap(englishPhrases).filter((entry) => !(entry in allowed));
  expect(found).toEqual([]);
});

it('the detector finds an English phrase and leaves code alone (its own check)', () => {
  const probe = (line: string) =>
    [...line.matchAll(LITERAL)].some((match) => PHRASE.test(match[1] ?? match[2] ?? match[3] ?? ''));
  expect(probe("return fail('NOT_FOUND', 'No job is under way.');")).toBe(true);
  expect(probe('const reason = `The same ${environment} ID as line ${first}.`;')).toBe(true);
  expect(probe("return fail('NOT_FOUND', text('errorNoJob'));")).toBe(false);
  expect(probe("const key = 'local:ws.index';")).toBe(false);
});

it('every allowed entry is still in the code (the list does not rot)', () => {
  const present = new Set(sources.flatMap(englishPhrases));
  expect(Object.keys(allowed).filter((entry) => !present.has(entry))).toEqual([]);
});
