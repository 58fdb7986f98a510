import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decryptSetupFile } from '@/lib/setup-file/decrypt-setup-file';
import { FIXTURE_CONTENTS, FIXTURE_PASSPHRASE, PROJECT_ONLY_CONTENTS } from '../fixtures/setup-file/load';

// docs/setup-file.md tells admins how to write a file with their own tool. Its Node example is run
// here, so the page cannot drift from what the extension reads.

type MakeSetupFile = (input: Record<string, unknown>) => Promise<string>;

function loadExample(): MakeSetupFile {
  const page = readFileSync(new URL('../../../docs/setup-file.md', import.meta.url), 'utf8');
  const code = /<!-- tested: [^\n]*-->\n```js\n([\s\S]*?)\n```/.exec(page)?.[1];
  if (!code) throw new Error('docs/setup-file.md lost its tested example');
  // The page's code, on purpose: it is what admins will copy.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return (new Function(`${code}\nreturn makeSetupFile;`) as () => MakeSetupFile)();
}

describe('the Node example in docs/setup-file.md', () => {
  const makeSetupFile = loadExample();

  it('writes a file the extension imports, with the user-group API', async () => {
    const text = await makeSetupFile({
      ...FIXTURE_CONTENTS.workspace,
      secrets: FIXTURE_CONTENTS.secrets,
      passphrase: FIXTURE_PASSPHRASE,
    });
    expect(await decryptSetupFile(text, FIXTURE_PASSPHRASE)).toEqual({ ok: true, value: FIXTURE_CONTENTS });
  });

  it('and without it, with a non-ASCII name and passphrase', async () => {
    const contents = {
      ...PROJECT_ONLY_CONTENTS,
      workspace: { ...PROJECT_ONLY_CONTENTS.workspace, name: 'Équipe «revue» ✓ "β"' },
    };
    const text = await makeSetupFile({
      ...contents.workspace,
      secrets: contents.secrets,
      passphrase: 'd\u00e9j\u00e0 vu, encore',
    });
    expect(await decryptSetupFile(text, 'de\u0301ja\u0300 vu, encore')).toEqual({ ok: true, value: contents });
  });
});
