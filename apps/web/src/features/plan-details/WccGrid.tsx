import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  formatMoney,
  marginUnits,
  partnerPrice,
  type Currency,
  type WccCharge,
  type WccChargeType,
} from '@pc/contract';
import { memo } from 'react';
import { PerMessageNote } from '../../ui/PerMessageNote';
import { MarginField } from './MarginField';
import { ScrollTable, stickyCell } from './ScrollTable';
import { planDetailsTexts as t, wccColumns } from './texts';
import { unitsToInput } from './units';
import { marginKey, type WccBase, type WccEdits } from './wcc';

type RowProps = {
  code: string;
  name: string;
  charges: Partial<Record<WccChargeType, WccCharge>>;
  edits: WccEdits[string] | undefined;
  currency: Currency;
  readOnly: boolean;
  onMargin: (country: string, type: WccChargeType, value: string) => void;
};

/** One country: each charge's margin, and under it the provider price → the partner platform price. */
const CountryRow = memo(({ code, name, charges, edits, currency, readOnly, onMargin }: RowProps) => (
  <TableRow>
    <TableCell component="th" scope="row" sx={{ ...stickyCell(), fontWeight: 600, minWidth: { xs: 96, sm: 140 } }}>
      {name}
    </TableCell>
    {wccColumns.map(({ type, label }) => {
      const charge = charges[type];
      if (!charge) return <TableCell key={type}>{t.notPriced}</TableCell>;
      const provider = charge[currency];
      const margin = edits?.[type] ?? unitsToInput(charge[marginKey(currency)]);
      return (
        <TableCell key={type} sx={{ verticalAlign: 'top' }}>
          <MarginField
            label={`${label} margin, ${name}`}
            value={margin}
            disabled={readOnly}
            onChange={(value) => onMargin(code, type, value)}
          />
          <Typography variant="caption" component="div" sx={{ whiteSpace: 'nowrap', mt: 0.25 }}>
            <Box component="span" title={t.providerPrice} sx={{ color: 'text.secondary' }}>
              {formatMoney(provider, currency)}
            </Box>
            {' → '}
            <Box component="span" title={t.partnerPrice} sx={{ fontWeight: 700 }} data-testid={`partner-${type}`}>
              {formatMoney(partnerPrice(provider, marginUnits(margin)), currency)}
            </Box>
          </Typography>
        </TableCell>
      );
    })}
  </TableRow>
));
CountryRow.displayName = 'CountryRow';

type Props = {
  label: string;
  base: WccBase;
  countries: { code: string; name: string }[];
  edits: WccEdits;
  currency: Currency;
  readOnly: boolean;
  onMargin: (country: string, type: WccChargeType, value: string) => void;
};

/** The per-country grid of a WCC family (doc 3 section 2), in the partner's currency. */
export const WccGrid = ({ label, base, countries, edits, currency, readOnly, onMargin }: Props) => (
  <>
    <Box sx={{ mb: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t.wccLegend(currency)}
      </Typography>
      <PerMessageNote of="prices" />
    </Box>
    <ScrollTable label={label} minWidth={900}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...stickyCell(true), fontWeight: 700 }}>{t.country}</TableCell>
            {wccColumns.map(({ type, label: column }) => (
              <TableCell key={type} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {countries.map(({ code, name }) => (
            <CountryRow
              key={code}
              code={code}
              name={name}
              charges={base[code] ?? {}}
              edits={edits[code]}
              currency={currency}
              readOnly={readOnly}
              onMargin={onMargin}
            />
          ))}
        </TableBody>
      </Table>
    </ScrollTable>
  </>
);
