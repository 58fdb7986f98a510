import Papa from 'papaparse';
import { text, type MessageRef } from '../../message-ref';
import type { RowProblem } from './row-problems';

export interface CsvRecord {
  line: number;
  /** Values by (lower-cased, trimmed) column name. */
  values: Record<string, string>;
}

export type CsvTable = { ok: true; records: CsvRecord[]; problems: RowProblem[] } | { ok: false; message: MessageRef };

const BOM = '\uFEFF';

/** Counts line breaks (CRLF, LF or a lone CR) in text[from, to). */
function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let index = from; index < to; index++) {
    const char = text.charCodeAt(index);
    if (char === 10) count++;
    else if (char === 13 && text.charCodeAt(index + 1) !== 10) count++;
  }
  return count;
}

/** The first character of a row: papaparse's cursor may point at the blank lines it skipped. */
function skipBlank(text: string, from: number): number {
  let index = from;
  while (index < text.length && /[\r\n\t ]/.test(text[index] ?? '')) index++;
  return index;
}

/** At most `rows` rows after the header; a file with more is refused with `message`. */
export interface RowLimit {
  rows: number;
  message: MessageRef;
}

/**
 * Reads a CSV with a header row into records keyed by column name, each with the line it starts on
 * (quoted fields may span lines). A leading BOM, CRLF or LF, and quoted fields are handled by
 * papaparse; rows with the wrong number of fields or broken quotes become problems. With a limit,
 * parsing stops at the first row over it, so a huge file is refused without reading it all.
 */
export function readCsv(input: string, requiredColumns: readonly string[], limit?: RowLimit): CsvTable {
  const content = input.startsWith(BOM) ? input.slice(BOM.length) : input;
  let header: string[] | undefined;
  let previousCursor = 0;
  let lineAtCursor = 1;
  const records: CsvRecord[] = [];
  const problems: RowProblem[] = [];
  let tooMany = false;

  Papa.parse<string[]>(content, {
    delimiter: ',',
    skipEmptyLines: 'greedy',
    step(result, parser) {
      if (header && limit && records.length + problems.length >= limit.rows) {
        tooMany = true;
        parser.abort();
        return;
      }
      const start = skipBlank(content, previousCursor);
      const line = lineAtCursor + countLineBreaks(content, previousCursor, start);
      lineAtCursor = line + countLineBreaks(content, start, result.meta.cursor);
      previousCursor = result.meta.cursor;
      const row = result.data;
      if (!header) {
        header = row.map((name) => name.trim().toLowerCase());
        return;
      }
      const where = { kind: 'line' as const, position: line };
      const broken = result.errors.find((error) => error.type === 'Quotes');
      // papaparse's codes: MissingQuotes (never closed), InvalidQuotes (text after the closing quote).
      if (broken)
        problems.push({
          where,
          reason: text(broken.code === 'MissingQuotes' ? 'csvQuoteUnclosed' : 'csvQuoteMalformed'),
        });
      else if (row.length !== header.length) {
        problems.push({ where, reason: text('csvFieldCount', header.length, row.length) });
      } else {
        records.push({ line, values: Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])) });
      }
    },
  });

  if (!header) return { ok: false, message: text('fileEmpty') };
  if (header.length === 1 && header[0]?.includes(';')) return { ok: false, message: text('csvSemicolons') };
  const missing = requiredColumns.filter((column) => !header?.includes(column));
  // Column names are what the file must say, in every language: data, not words to translate.
  if (missing.length > 0)
    return { ok: false, message: text('csvMissingColumns', requiredColumns.join(','), missing.join(', ')) };
  if (tooMany && limit) return { ok: false, message: limit.message };
  return { ok: true, records, problems };
}
