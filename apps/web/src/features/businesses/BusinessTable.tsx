import {
  BUSINESS_PAGE_SIZE,
  businessTexts,
  formatDate,
  messages,
  stripArchiveMarker,
  type Business,
} from '@pc/contract';
import { DataTable, type Column, type PagedRows } from '../../ui/DataTable';
import { businessesPageTexts as t } from './texts';

const [name, email, contact, company, createdOn] = t.columns;
const columns: Column<Business>[] = [
  { key: 'name', label: name, cell: (b) => b.displayName },
  { key: 'email', label: email, cell: (b) => stripArchiveMarker(b.email), nowrap: true },
  { key: 'contact', label: contact, cell: (b) => b.contact },
  { key: 'company', label: company, cell: (b) => b.company },
  { key: 'created', label: createdOn, cell: (b) => formatDate(b.createdOn), nowrap: true },
];

/** Name, Email, Contact, Company, Created On (long date); 25 rows a page, the only size offered. */
export const BusinessTable = ({ rows, total, moreThan, page, onPage, query }: PagedRows<Business>) => (
  <DataTable
    label="Businesses"
    columns={columns}
    rows={rows}
    rowKey={(b) => b.id}
    rowLink={(b) => ({ to: `/businesses/${b.id}` })}
    rowDisabled={(b) => (b.businessArchived ? businessTexts.archivedTooltip : null)}
    rowTestId="business-row"
    query={query}
    emptyText={t.noRows}
    errorText={messages.somethingWentWrongTryagain}
    paging={{ page, pageSize: BUSINESS_PAGE_SIZE, total, moreThan, onPage }}
  />
);
