import type { Page } from '@playwright/test';
import { expectNoViolations } from './fixtures/axe.ts';
import type { ExtensionBrowser } from './fixtures/chromium.ts';
import { launchForThisFile } from './fixtures/own-profile.ts';
import { configureConnection, optionsUrl, type OptionsSection } from './fixtures/connection.ts';
import { createGroup, goToSection } from './fixtures/options-page.ts';
import { expect, test } from './fixtures/test.ts';

/** Issue 15: axe finds nothing on any section of the options page, first run or set up, light or dark, at 760 and 1280 px. */

const SECTIONS: OptionsSection[] = ['start', 'projects', 'groups', 'connection', 'backup', 'activity', 'about'];

let own: ExtensionBrowser;
launchForThisFile((launched) => (own = launched));
test.describe.configure({ mode: 'serial' });

async function open(scheme: 'light' | 'dark', width: number, section: OptionsSection): Promise<Page> {
  const page = await own.context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(optionsUrl(own.extensionId, section));
  await expect(page.locator('main h2').first()).toBeVisible();
  return page;
}

test('first run: the start page with each role chosen, and every section, has no axe violations', async () => {
  // 18 axe runs: on a loaded 2-core machine more than the default 30 s.
  test.setTimeout(120_000);
  for (const scheme of ['light', 'dark'] as const) {
    const page = await open(scheme, 760, 'start');
    await expectNoViolations(page, `start, first run, ${scheme}`);
    for (const role of [/^Register pages for review/, /^Manage user groups/, /^Both/]) {
      await page.getByRole('radio', { name: role }).check();
      await expectNoViolations(page, `start, role ${role.source}, ${scheme}`);
    }
    for (const section of SECTIONS.slice(1)) {
      await goToSection(page, section);
      await expectNoViolations(page, `${section}, nothing set up, ${scheme}`);
    }
    await page.close();
  }
});

test('set up, with groups: every section at 760 and 1280 px, light and dark, has no axe violations', async ({
  sandbox,
}) => {
  test.setTimeout(120_000);
  await configureConnection(own.context, own.extensionId, sandbox);
  const setup = await open('light', 1280, 'groups');
  await createGroup(setup, 'Accessible group', 'a11y-sections', 'Customer');
  await setup.close();
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [760, 1280]) {
      const page = await open(scheme, width, 'start');
      for (const section of SECTIONS) {
        if (section !== 'start') await goToSection(page, section);
        await expectNoViolations(page, `${section}, ${width} px, ${scheme}`);
      }
      await page.close();
    }
  }
});
