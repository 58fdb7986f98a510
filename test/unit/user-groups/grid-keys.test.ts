import { describe, expect, it } from 'vitest';
import { clampCell, moveInGrid, type GridShape } from '@/entrypoints/options/shared/table/grid-keys';

const SHAPE: GridShape = { rows: 100, cols: 4, headerCols: 1, pageSize: 10 };

describe('moveInGrid', () => {
  it('moves between rows, keeping the column', () => {
    expect(moveInGrid({ row: 5, col: 2 }, 'ArrowDown', SHAPE)).toEqual({ row: 6, col: 2 });
    expect(moveInGrid({ row: 5, col: 2 }, 'ArrowUp', SHAPE)).toEqual({ row: 4, col: 2 });
  });

  it('stops at the last row, and goes up into the header (its one control)', () => {
    expect(moveInGrid({ row: 99, col: 1 }, 'ArrowDown', SHAPE)).toEqual({ row: 99, col: 1 });
    expect(moveInGrid({ row: 0, col: 3 }, 'ArrowUp', SHAPE)).toEqual({ row: -1, col: 0 });
    expect(moveInGrid({ row: -1, col: 0 }, 'ArrowUp', SHAPE)).toEqual({ row: -1, col: 0 });
    expect(moveInGrid({ row: -1, col: 0 }, 'ArrowDown', SHAPE)).toEqual({ row: 0, col: 0 });
  });

  it('pages and jumps to the ends', () => {
    expect(moveInGrid({ row: 5, col: 0 }, 'PageDown', SHAPE)).toEqual({ row: 15, col: 0 });
    expect(moveInGrid({ row: 95, col: 0 }, 'PageDown', SHAPE)).toEqual({ row: 99, col: 0 });
    expect(moveInGrid({ row: 5, col: 0 }, 'PageUp', SHAPE)).toEqual({ row: 0, col: 0 });
    expect(moveInGrid({ row: -1, col: 0 }, 'PageDown', SHAPE)).toEqual({ row: 10, col: 0 });
    expect(moveInGrid({ row: 50, col: 3 }, 'Home', SHAPE)).toEqual({ row: 0, col: 3 });
    expect(moveInGrid({ row: 50, col: 3 }, 'End', SHAPE)).toEqual({ row: 99, col: 3 });
  });

  it('moves between a row’s controls, stopping at both ends', () => {
    expect(moveInGrid({ row: 3, col: 0 }, 'ArrowRight', SHAPE)).toEqual({ row: 3, col: 1 });
    expect(moveInGrid({ row: 3, col: 3 }, 'ArrowRight', SHAPE)).toEqual({ row: 3, col: 3 });
    expect(moveInGrid({ row: 3, col: 0 }, 'ArrowLeft', SHAPE)).toEqual({ row: 3, col: 0 });
    expect(moveInGrid({ row: -1, col: 0 }, 'ArrowRight', SHAPE)).toEqual({ row: -1, col: 0 });
  });

  it('leaves other keys to the control', () => {
    for (const key of ['Tab', 'Enter', ' ', 'a', 'Escape'])
      expect(moveInGrid({ row: 1, col: 1 }, key, SHAPE)).toBeUndefined();
  });

  it('works without a header row', () => {
    expect(moveInGrid({ row: 0, col: 1 }, 'ArrowUp', { ...SHAPE, headerCols: 0 })).toEqual({ row: 0, col: 1 });
  });
});

describe('clampCell', () => {
  it('keeps the position after the rows shrank (a deleted last row)', () => {
    expect(clampCell({ row: 99, col: 2 }, { ...SHAPE, rows: 99 })).toEqual({ row: 98, col: 2 });
  });

  it('falls back to the header when no row is left', () => {
    expect(clampCell({ row: 7, col: 2 }, { ...SHAPE, rows: 0 })).toEqual({ row: -1, col: 0 });
  });
});
