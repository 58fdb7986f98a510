import { toSpreadsheetCsv } from '../../csv/spreadsheet-csv';
import { BULK_CSV_COLUMNS } from './bulk-csv';

export const BULK_TEMPLATE_FILE_NAME = 'user-groups-template.csv';

/** The bulk-create CSV to fill in: the header row and one example row. */
export function bulkTemplateCsv(): string {
  // Sample data in a file the user fills in, not interface text: it stays as it is in every language.
  return toSpreadsheetCsv(BULK_CSV_COLUMNS, [['Example group', 'example-group-1', 'Testing']]);
}
