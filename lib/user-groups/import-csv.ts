import Papa from 'papaparse';

/** A row of a file that cannot be used, and why. Shown to the user, never dropped silently. */
export interface RowProblem {
  /** Where in the file: "line 4" (CSV) or "entry 3" (JSON). */
  where: string;
  /** The 1-based line a CSV row starts on, or the entry's number in a JSON file: for sorting. */
  position: number;
  reason: string;
}

export interface CsvRecord {
  line: number;
  /** Values by (lower-cased, trimmed) column name. */
  values: Record<string, string>;
}

export type CsvTable =
  | { ok: true; records: CsvRecord[]; problems: RowProblem[] }
  | { ok: false; message: string };

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
  message: string;
}

/**
 * Reads a CSV with a header row into records keyed by column name, each with the line it starts on
 * (quoted fields may span lines). A leading BOM, CRLF or LF, and quoted fields are handled by
 * papaparse; rows with the wrong number of fields or broken quotes become problems. With a limit,
 * parsing stops at the first row over it, so a huge file is refused without reading it all.
 */
export function readCsv(input: string, requiredColumns: readonly string[], limit?: RowLimit): CsvTable {
  const text = input.startsWith(BOM) ? input.slice(BOM.length) : input;
  let header: string[] | undefined;
  let previousCursor = 0;
  let lineAtCursor = 1;
  const records: CsvRecord[] = [];
  const problems: RowProblem[] = [];
  let tooMany = false;

  Papa.parse<string[]>(text, {
    delimiter: ',',
    skipEmptyLines: 'greedy',
    step(result, parser) {
      if (header && limit && records.length + problems.length >= limit.rows) {
        tooMany = true;
        parser.abort();
        return;
      }
      const start = skipBlank(text, previousCursor);
      const line = lineAtCursor + countLineBreaks(text, previousCursor, start);
      lineAtCursor = line + countLineBreaks(text, start, result.meta.cursor);
      previousCursor = result.meta.cursor;
      const row = result.data;
      if (!header) {
        header = row.map((name) => name.trim().toLowerCase());
        return;
      }
      const where = `line ${line}`;
      const broken = result.errors.find((error) => error.type === 'Quotes');
      if (broken) problems.push({ where, position: line, reason: `${broken.message}.` });
      else if (row.length !== header.length) {
        problems.push({ where, position: line, reason: `Expected ${header.length} fields, found ${row.length}.` });
      } else {
        records.push({ line, values: Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])) });
      }
    },
  });

  if (!header) return { ok: false, message: 'The file is empty.' };
  if (header.length === 1 && header[0]?.includes(';')) {
    return { ok: false, message: 'The file separates its columns with semicolons; save it as CSV with commas.' };
  }
  const missing = requiredColumns.filter((column) => !header?.includes(column));
  if (missing.length > 0) {
    return {
      ok: false,
      message: `The first row must name the columns ${requiredColumns.join(',')} (comma-separated); missing: ${missing.join(', ')}.`,
    };
  }
  if (tooMany && limit) return { ok: false, message: limit.message };
  return { ok: true, records, problems };
}

/** zod issues as one readable sentence: "user_group_id: must not be empty; environment: …". */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues.map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message)).join('; ');
}
