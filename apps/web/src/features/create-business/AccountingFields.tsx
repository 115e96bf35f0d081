import { Checkbox, FormControlLabel, TextField } from '@mui/material';
import { businessTexts } from '@pc/contract';
import { AddressFields } from './AddressFields';
import type { AccountingValues } from './form';
import { createBusinessTexts as t } from './texts';

type Props = { value: AccountingValues; onChange: (value: AccountingValues) => void };

/** GST number and addresses, for partners with the accounting (Zoho) integration. */
export const AccountingFields = ({ value, onChange }: Props) => (
  <>
    <TextField
      label={t.gstNumber}
      value={value.gstNumber}
      onChange={(e) => onChange({ ...value, gstNumber: e.target.value })}
      sx={{ gridColumn: '1 / -1' }}
      slotProps={{ htmlInput: { maxLength: 20 } }}
    />
    <AddressFields
      title={t.billingAddress}
      value={value.billingAddress}
      onChange={(billingAddress) => onChange({ ...value, billingAddress })}
    />
    <FormControlLabel
      sx={{ gridColumn: '1 / -1' }}
      control={<Checkbox checked={value.checked} onChange={(e) => onChange({ ...value, checked: e.target.checked })} />}
      label={businessTexts.sameShippingAddress}
    />
    {!value.checked && (
      <AddressFields
        title={t.shippingAddress}
        value={value.shippingAddress}
        onChange={(shippingAddress) => onChange({ ...value, shippingAddress })}
      />
    )}
  </>
);
