import Papa from 'papaparse';
import { BULK_CSV_COLUMNS } from './bulk-csv';

/**
 * What a file given to "Add groups from file" is, told before anything happens:
 * - `create`: a bulk-create CSV (name,user_group_id,environment): the groups are created on the service;
 * - `backup`: a registry backup (the JSON export, or a CSV with a token column): the groups and their
 *   tokens are restored into this browser, and the service is not called;
 * - `unknown`: neither (the page says which columns it expects).
 */
export type FileKind = 'create' | 'backup' | 'unknown';

const BOM = '\uFEFF';

/** The header row's column names, trimmed and lower-cased (quoted names too); empty when there is none. */
function headerOf(text: string): string[] {
  const firstLine = /^[^\r\n]*/.exec(text.replace(/^\s*[\r\n]+/, ''))?.[0] ?? '';
  const parsed = Papa.parse<string[]>(firstLine, { delimiter: ',' });
  return (parsed.data[0] ?? []).map((name) => name.trim().toLowerCase());
}

export function detectFileKind(input: string): FileKind {
  const text = (input.startsWith(BOM) ? input.slice(BOM.length) : input).trimStart();
  if (text.startsWith('{') || text.startsWith('[')) return 'backup';
  const header = headerOf(text);
  if (header.includes('token')) return 'backup';
  if (BULK_CSV_COLUMNS.every((column) => header.includes(column))) return 'create';
  return 'unknown';
}
