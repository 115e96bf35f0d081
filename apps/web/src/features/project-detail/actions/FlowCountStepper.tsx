import { Box, Button, Typography } from '@mui/material';
import { flowCountSteps } from '@pc/contract';
import { texts } from './texts';

/** -10 / +10 / +20 / +40 / +80; the minus is disabled at or below `min` (the current count in Modify). */
export const FlowCountStepper = ({
  value,
  min,
  onChange,
}: {
  value: number;
  min: number;
  onChange: (n: number) => void;
}) => (
  <Box>
    <Typography variant="body2" color="text.secondary">
      {texts.flowCount}
    </Typography>
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', my: 1 }}>
      {flowCountSteps.map((step) => (
        <Button
          key={step}
          size="small"
          variant="outlined"
          aria-label={`${step > 0 ? '+' : ''}${step} flows`}
          disabled={step < 0 && (value <= min || value + step < min)}
          onClick={() => onChange(value + step)}
          sx={{ minWidth: 48 }}
        >
          {step > 0 ? `+${step}` : step}
        </Button>
      ))}
    </Box>
    <Typography variant="h5" component="output" aria-label={texts.flowCount} sx={{ fontWeight: 700 }}>
      {value}
    </Typography>
    <Typography variant="body2" color="text.secondary">
      {texts.flowsHint}
    </Typography>
  </Box>
);
