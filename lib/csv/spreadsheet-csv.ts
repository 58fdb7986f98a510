import Papa from 'papaparse';

/**
 * A cell a spreadsheet would run as a formula: it starts with =, +, -, @, a tab, a CR or a LF, whatever
 * follows (line breaks included: papaparse's own `escapeFormulae: true` misses a value that contains
 * one). Leading apostrophes count too, so that a value that already starts with "'=" comes back intact.
 */
const FORMULA_START = /^'*[=+\-@\t\r\n]/;

/** Removes what the guard added: "'=x" read back is "=x", "''=x" is "'=x"; anything else is kept as is. */
export function unguardCell(value: string): string {
  return FORMULA_START.test(value) && value.startsWith("'") ? value.slice(1) : value;
}

/**
 * Every CSV the extension writes goes through here: a header row, CRLF line ends (and one at the end),
 * and each formula-like cell prefixed with an apostrophe, which papaparse then quotes. The apostrophe
 * makes a spreadsheet show the value as text; an import removes it again (unguardCell).
 */
export function toSpreadsheetCsv(fields: readonly string[], rows: readonly (readonly string[])[]): string {
  const text = Papa.unparse(
    { fields: [...fields], data: rows.map((row) => [...row]) },
    { newline: '\r\n', escapeFormulae: FORMULA_START },
  );
  return `${text}\r\n`;
}
