import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TableBody } from '@/entrypoints/options/shared/table/table-body';
import { textColumns, VirtualTable, type TableGrid } from '@/entrypoints/options/shared/table/VirtualTable';

// Issue 40, item 4: one virtualized table for the user groups, the project history and the activity log.

const ROWS = Array.from({ length: 1000 }, (_, index) => `row ${index}`);

/** Rows 10 to 12 drawn, as a scroller would give them. */
const drawn = (box: boolean): TableBody => ({
  ref: { current: null },
  box,
  height: ROWS.length * 50,
  items: [10, 11, 12].map((index) => ({ index, start: 400 + index * 50 })),
  offset: box ? 0 : 400,
  ...(box ? {} : { rowHeight: 50 }),
});

const render = (body: TableBody, grid?: TableGrid, rowCount?: number) =>
  renderToStaticMarkup(
    <VirtualTable
      name="demo"
      label="Demo rows"
      columns={textColumns(['historyColumnName', 'historyColumnId'])}
      rows={ROWS}
      rowCount={rowCount}
      rowKey={(row) => row}
      body={body}
      grid={grid}
      renderRow={(row, ariaRowIndex) => (
        <div role="row" aria-rowindex={ariaRowIndex}>
          <div role="cell">{row}</div>
        </div>
      )}
    />,
  );

describe('the virtualized table', () => {
  it('draws only the rows it is given, each at its place, with its row index after the header’s', () => {
    const html = render(drawn(true));
    expect(html).toMatch(
      /^<div role="table" aria-label="Demo rows" aria-rowcount="1001" class="virtual-table demo-table">/,
    );
    expect(html).toContain('<div role="row" aria-rowindex="1" class="demo-row header" data-row="-1">');
    expect([...html.matchAll(/role="columnheader"[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual([
      'Name',
      'Project ID',
    ]);
    expect(
      [...html.matchAll(/aria-rowindex="(\d+)"><div role="cell">([^<]*)</g)].map((match) => match.slice(1)),
    ).toEqual([
      ['12', 'row 10'],
      ['13', 'row 11'],
      ['14', 'row 12'],
    ]);
    expect(html).toContain('data-row="10" style="transform:translateY(900px)"');
    expect(html).toContain('style="height:50000px"');
  });

  it('a table in a box of its own takes focus, so the keyboard scrolls it; a grid has its keys instead', () => {
    expect(render(drawn(true))).toContain(
      'role="rowgroup" class="virtual-table-box demo-rows" tabindex="0" aria-label="Demo rows"',
    );
    const noop = () => undefined;
    const grid = render(
      drawn(false),
      {
        ref: { current: null },
        props: { onKeyDown: noop, onFocus: noop, onBlur: noop },
        controls: 'input',
        headerActiveCol: -1,
        multiselectable: true,
      },
      5000,
    );
    expect(grid).toMatch(/^<div role="grid" aria-label="Demo rows" aria-rowcount="5001" aria-multiselectable="true"/);
    expect(grid).toContain('<div role="rowgroup" class="demo-rows"><div class="virtual-table-rows"');
    expect(grid).not.toContain('tabindex="0"');
    // Rows of one height, placed from the list's own top (the window scrolls from the page's).
    expect(grid).toContain('data-row="10" style="height:50px;transform:translateY(500px)"');
  });
});
