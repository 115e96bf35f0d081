import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { formatMoney, marginUnits, partnerPrice, type Currency } from '@pc/contract';
import { MarginField } from './MarginField';
import { ScrollTable, stickyCell } from './ScrollTable';
import { planDetailsTexts as t } from './texts';

export type PriceRow = {
  key: string;
  label: string;
  currency: Currency;
  /** The provider's price; null when the catalogue is not loaded (ADS_WHITELABEL partners). */
  provider: number | null;
  /** The saved partner price, shown when there is no provider price to add the margin to. */
  saved?: number;
};

type Props = {
  label: string;
  /** The first column's heading: Plan, or Slab. */
  heading: string;
  rows: PriceRow[];
  margins: Record<string, string>;
  readOnly: boolean;
  onMargin: (key: string, value: string) => void;
};

/** Provider price, margin and partner platform price (= provider + margin) per row (doc 3 section 2). */
export const PriceTable = ({ label, heading, rows, margins, readOnly, onMargin }: Props) => (
  <ScrollTable label={label} minWidth={560}>
    <Table size="small" stickyHeader aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ ...stickyCell(true), fontWeight: 700 }}>{heading}</TableCell>
          <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
            {t.providerPrice}
          </TableCell>
          <TableCell sx={{ fontWeight: 700 }}>{t.margin}</TableCell>
          <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
            {t.partnerPrice}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => {
          const margin = margins[row.key] ?? '';
          const partner = row.provider === null ? row.saved : partnerPrice(row.provider, marginUnits(margin));
          return (
            <TableRow key={row.key}>
              <TableCell
                component="th"
                scope="row"
                sx={{ ...stickyCell(), fontWeight: 600, minWidth: { xs: 110, sm: 170 } }}
              >
                {row.label}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {row.provider === null ? t.notPriced : formatMoney(row.provider, row.currency)}
              </TableCell>
              <TableCell>
                <MarginField
                  label={t.marginOf(row.label)}
                  value={row.provider === null ? '' : margin}
                  disabled={readOnly || row.provider === null}
                  onChange={(value) => onMargin(row.key, value)}
                />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {partner === undefined ? t.notPriced : formatMoney(partner, row.currency)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  </ScrollTable>
);
