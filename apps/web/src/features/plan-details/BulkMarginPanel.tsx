import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { bulkMarginTypes, pricingTexts, type Currency, type WccChargeType } from '@pc/contract';
import { useId, useState } from 'react';
import { chargeLabel, planDetailsTexts as t } from './texts';
import { cleanMargin } from './units';

type Mode = 'percentage' | 'custom';
type Props = {
  currency: Currency;
  onApply: (mode: Mode, value: number, types: WccChargeType[]) => void;
};

/**
 * 'Bulk update margin' (doc 3 section 5): Percentage (price × (1 + p/100)) or Custom Value (an
 * amount added), for the chosen charge types of every country. Apply is disabled while the value
 * is empty (or no type is chosen).
 */
export const BulkMarginPanel = ({ currency, onApply }: Props) => {
  const id = useId();
  const [mode, setMode] = useState<Mode>('percentage');
  const [value, setValue] = useState('');
  const [types, setTypes] = useState<WccChargeType[]>([]);
  const toggle = (type: WccChargeType, on: boolean) =>
    setTypes((current) => (on ? [...current, type] : current.filter((t) => t !== type)));

  return (
    <Accordion variant="outlined" disableGutters sx={{ mb: 2 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-panel`} id={`${id}-header`}>
        <Typography sx={{ fontWeight: 600 }}>{pricingTexts.bulkUpdateMargin}</Typography>
      </AccordionSummary>
      <AccordionDetails id={`${id}-panel`}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <FormControl>
            <FormLabel id={`${id}-mode`}>{t.bulkMode}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${id}-mode`}
              value={mode}
              onChange={(e) => setMode(e.target.value as Mode)}
            >
              <FormControlLabel value="percentage" control={<Radio />} label={t.percentage} />
              <FormControlLabel value="custom" control={<Radio />} label={t.customValue} />
            </RadioGroup>
          </FormControl>
          <TextField
            type="number"
            size="small"
            label={t.bulkValue(mode, currency)}
            value={value}
            onChange={(e) => setValue(cleanMargin(e.target.value))}
            slotProps={{ htmlInput: { min: 0, step: 'any', inputMode: 'decimal' } }}
            sx={{ width: 240, maxWidth: '100%' }}
          />
          <FormControl component="fieldset">
            <FormLabel component="legend">{t.bulkTypes}</FormLabel>
            <FormGroup row>
              {bulkMarginTypes.map((type) => (
                <FormControlLabel
                  key={type}
                  label={chargeLabel(type)}
                  control={<Checkbox checked={types.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />}
                />
              ))}
            </FormGroup>
          </FormControl>
        </Box>
        <Button
          variant="outlined"
          sx={{ mt: 1 }}
          disabled={value.trim() === '' || !Number.isFinite(Number(value)) || types.length === 0}
          onClick={() => onApply(mode, Math.max(0, Number(value)), types)}
        >
          {t.apply}
        </Button>
      </AccordionDetails>
    </Accordion>
  );
};
