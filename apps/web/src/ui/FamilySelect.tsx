import { MenuItem, TextField, type TextFieldProps } from '@mui/material';

type Props = Omit<TextFieldProps, 'select' | 'onChange' | 'value' | 'children'> & {
  families: readonly { _id: string; name: string }[];
  value: string;
  /** The id chosen, or '' for the "none" entry. */
  onChange: (id: string) => void;
  /** A first entry choosing no family, with this label; without it a family must be chosen. */
  noneLabel?: string;
};

/** A select of the partner's plan, WCC or WhatsApp Payments families by name. */
export const FamilySelect = ({ families, value, onChange, noneLabel, ...field }: Props) => (
  <TextField {...field} select value={value} onChange={(e) => onChange(e.target.value)}>
    {noneLabel !== undefined && <MenuItem value="">{noneLabel}</MenuItem>}
    {families.map((f) => (
      <MenuItem key={f._id} value={f._id}>
        {f.name}
      </MenuItem>
    ))}
  </TextField>
);
