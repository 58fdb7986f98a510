/** A position in a grid: `row` -1 is the header row; `col` counts the row's controls. */
export interface GridCell {
  row: number;
  col: number;
}

export interface GridShape {
  /** Data rows. */
  rows: number;
  /** Controls in a data row, and in the header row. */
  cols: number;
  headerCols: number;
  /** Rows that PageUp/PageDown move. */
  pageSize: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * Where a key moves the grid's one tab stop (roving focus), or undefined for a key the grid leaves to
 * the control (Tab, Enter, Space, letters). Up/Down/PageUp/PageDown/Home/End move between rows, keeping
 * the column where the new row has it; Left/Right move between the row's controls.
 */
export function moveInGrid(cell: GridCell, key: string, shape: GridShape): GridCell | undefined {
  const top = shape.headerCols > 0 ? -1 : 0;
  const last = shape.rows - 1;
  const toRow = (row: number): GridCell => {
    const target = clamp(row, top, Math.max(last, top));
    const cols = target < 0 ? shape.headerCols : shape.cols;
    return { row: target, col: clamp(cell.col, 0, cols - 1) };
  };
  const colsHere = cell.row < 0 ? shape.headerCols : shape.cols;
  switch (key) {
    case 'ArrowDown':
      return toRow(cell.row + 1);
    case 'ArrowUp':
      return toRow(cell.row - 1);
    case 'PageDown':
      return toRow(Math.max(cell.row, 0) + shape.pageSize);
    case 'PageUp':
      return toRow(cell.row - shape.pageSize < 0 ? 0 : cell.row - shape.pageSize);
    case 'Home':
      return toRow(0);
    case 'End':
      return toRow(last);
    case 'ArrowRight':
      return { row: cell.row, col: clamp(cell.col + 1, 0, colsHere - 1) };
    case 'ArrowLeft':
      return { row: cell.row, col: clamp(cell.col - 1, 0, colsHere - 1) };
    default:
      return undefined;
  }
}

/** Keeps a position inside a grid whose rows changed (a deleted row, a new search). */
export function clampCell(cell: GridCell, shape: Pick<GridShape, 'rows' | 'cols' | 'headerCols'>): GridCell {
  if (shape.rows === 0) return { row: shape.headerCols > 0 ? -1 : 0, col: 0 };
  const row = clamp(cell.row, shape.headerCols > 0 ? -1 : 0, shape.rows - 1);
  return { row, col: clamp(cell.col, 0, (row < 0 ? shape.headerCols : shape.cols) - 1) };
}
