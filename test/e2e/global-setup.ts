import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CHROME_BUILD_DIR, FIREFOX_BUILD_DIR } from './fixtures/paths.ts';

/**
 * Fails fast, with the fix, when the e2e builds are missing (or are another mode's builds): the
 * specs load them as they are and do not build anything themselves.
 */
export default async function checkE2eBuilds(): Promise<void> {
  for (const dir of [CHROME_BUILD_DIR, FIREFOX_BUILD_DIR]) {
    const manifest = await readFile(path.join(dir, 'manifest.json'), 'utf8').catch(() => undefined);
    if (manifest === undefined) throw new Error(`No e2e build in ${dir}: run \`npm run build:e2e\` first.`);
    const hosts = (JSON.parse(manifest) as { host_permissions?: string[] }).host_permissions ?? [];
    if (!hosts.includes('http://127.0.0.1/*')) {
      throw new Error(`${dir} does not grant http://127.0.0.1/*: it is not an e2e build. Run \`npm run build:e2e\`.`);
    }
  }
}
