import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { ProblemList } from '@/entrypoints/options/sections/groups/ImportPreview';
import { StorageNotices } from '@/entrypoints/options/page/StorageNotices';
import { text, verbatimText } from '@/lib/message-ref';
import { parseBulkCsv } from '@/lib/user-groups/transfer/bulk-csv';
import { parseRegistryFile } from '@/lib/user-groups/transfer/import-rows';

/** The text a screen shows: tags dropped. */
const shown = (html: string) => html.replace(/<[^>]+>/g, '');

it('the options page writes a file’s problems from their names: the place, then the reason', () => {
  const csv = parseBulkCsv('name,user_group_id,environment\nA,a,Customer\n,b,Testing\nC,a,customer\n');
  const json = parseRegistryFile(JSON.stringify([{ team_id: 1 }]));
  expect(csv.ok && json.ok).toBe(true);
  if (!csv.ok || !json.ok) return;
  const html = renderToStaticMarkup(
    <ProblemList problems={[...csv.problems, ...json.problems]} label="Invalid rows" />,
  );
  expect([...html.matchAll(/<li>(.*?)<\/li>/g)].map((match) => shown(match[1]!))).toEqual([
    'Line 3: name: must not be empty',
    'Line 4: The same Customer ID as line 2.',
    'Entry 1: token: is missing; name: is missing; provided_id: is missing; environment: must be Customer or Testing; createdAt: is missing; lastRotatedAt: is missing',
  ]);
});

it('storage notices show named ones in the page’s language and an older version’s words as they were', () => {
  const html = renderToStaticMarkup(
    <StorageNotices notices={[text('storageNoticeReset', text('storedCredentials')), verbatimText('Old words.')]} />,
  );
  expect(shown(html)).toContain('The saved credentials could not be read and was reset. Please enter it again.');
  expect(shown(html)).toContain('Old words.');
});
