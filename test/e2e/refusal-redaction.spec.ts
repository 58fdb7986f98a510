import type { Page } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import type { ExtensionBrowser } from './fixtures/chromium.ts';
import { switchLock, withOwnProfile } from './fixtures/own-profile.ts';
import { configureConnection, optionsUrl } from './fixtures/connection.ts';
import { goToSection } from './fixtures/options-page.ts';
import { deleteRow, groupsSection, rotateRow, submitCreate } from './fixtures/user-group-actions.ts';
import { expect, test } from './fixtures/test.ts';

// One redaction rule (design.md §15), in Chromium: the service refuses a rotation and a delete with words
// that repeat every secret of the request (the sandbox's `echoSecrets`), the group token sent as
// `current_token` included. Once the group is removed from this browser, no storage area holds any
// trace of its token, in any case or encoding, with the passphrase lock off and on.

declare const chrome: typeof ExtensionApi;

const PASSPHRASE = 'redaction e2e passphrase';

/** Every string of `storage.local` and `storage.session` (keys included), as the worker sees them. */
async function storedTexts(extension: ExtensionBrowser): Promise<string[]> {
  const worker = await extension.serviceWorker();
  return worker.evaluate(async () => {
    const strings = (value: unknown): string[] => {
      if (typeof value === 'string') return [value];
      if (Array.isArray(value)) return value.flatMap(strings);
      if (value && typeof value === 'object')
        return Object.entries(value).flatMap(([key, inner]) => [key, ...strings(inner)]);
      return [];
    };
    return [...strings(await chrome.storage.local.get(null)), ...strings(await chrome.storage.session.get(null))];
  });
}

/** Each form in which the service may repeat a secret, lower-cased (the search ignores case). */
const echoes = (secret: string) =>
  [
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(secret).replaceAll('%20', '+'),
    JSON.stringify(secret).slice(1, -1),
  ].map((form) => form.toLowerCase());

async function openGroups(extension: ExtensionBrowser): Promise<Page> {
  const options = await extension.context.newPage();
  await options.goto(optionsUrl(extension.extensionId, 'groups'));
  await goToSection(options, 'groups');
  return options;
}

for (const lock of ['off', 'on'] as const) {
  test(`lock ${lock}: a refusal that repeats the group token leaves no trace of it in any storage area`, async ({
    sandbox,
  }) => {
    test.setTimeout(60_000);
    await withOwnProfile(async (extension) => {
      await configureConnection(extension.context, extension.extensionId, sandbox);
      if (lock === 'on') await switchLock(extension, true, PASSPHRASE);
      const options = await openGroups(extension);
      const group = { name: 'Echoed', id: 'echoed-1', environment: 'Customer' as const };
      expect((await submitCreate(options, group)).ok).toBe(true);
      const token = sandbox.groups()[0]!.token;
      const secrets = [token, sandbox.credentials.apiToken];
      // The positive control: the search finds the token where it belongs while the group is here.
      if (lock === 'off') expect((await storedTexts(extension)).some((text) => text.includes(token))).toBe(true);

      sandbox.setFault('userGroup.rotate', { kind: 'successZero', echoSecrets: true });
      sandbox.setFault('userGroup.delete', { kind: 'successZero', echoSecrets: true });
      for (const refused of [await rotateRow(options, group.id), await deleteRow(options, group.id)]) {
        expect(refused.ok).toBe(false);
        expect(refused.text).toContain('The service could not complete the request: ••••');
        for (const form of secrets.flatMap(echoes)) expect(refused.text.toLowerCase()).not.toContain(form);
      }
      // Both requests carried the token: the sandbox did repeat it.
      const sent = sandbox.requests.filter((request) => request.route !== 'userGroup.create');
      expect(sent.map((request) => request.route)).toEqual(['userGroup.rotate', 'userGroup.delete']);
      for (const request of sent) expect(request.body).toContain(token);

      // The group leaves this browser, and with it the one place its token belongs.
      const section = groupsSection(options);
      await section.getByRole('button', { name: 'Remove from this browser only' }).click();
      await options.getByRole('dialog').getByRole('button', { name: 'Remove from this browser only' }).click();
      await expect(section.getByRole('row').filter({ hasText: group.id })).toHaveCount(0);

      const stored = (await storedTexts(extension)).map((text) => text.toLowerCase());
      for (const form of echoes(token))
        expect(
          stored.filter((text) => text.includes(form)),
          `the token (as ${form}) in storage`,
        ).toEqual([]);
      // The refusals were recorded (API health, activity log), blanked.
      expect(stored.some((text) => text.includes('the service could not complete the request: ••••'))).toBe(true);
    });
  });
}
