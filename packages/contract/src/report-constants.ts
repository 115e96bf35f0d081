/**
 * The reports' constants, in a module that imports nothing: the web's download helper and date
 * fields read them without loading the report schemas (and the ledger's) into every page that can
 * download a file.
 */
export const REPORT_MIN_DATE = '2023-04-25';
/** The Accept header that asks a report call for its CSV file instead of `{ logs }`. */
export const REPORT_CSV_ACCEPT = 'text/csv';
