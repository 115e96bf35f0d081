import { Box, Chip, Tooltip, type ChipProps } from '@mui/material';
import { formatMoney, type Template, type TemplateStatus } from '@pc/contract';
import { templateTexts as t } from './texts';

const colors: Partial<Record<TemplateStatus, ChipProps['color']>> = {
  APPROVED: 'success',
  PENDING: 'warning',
  IN_APPEAL: 'warning',
  REJECTED: 'error',
  DISABLED: 'error',
  PAUSED: 'warning',
};

/** The price Meta's move costs, for the chip's tooltip: null when the prices are not known. */
export const recategorisedPrice = (template: Template): string | null => {
  const change = template.categoryChange;
  if (!change) return null;
  return t.recategorisedPrice(
    formatMoney(change.to, change.currency),
    formatMoney(change.from, change.currency),
    change.country,
  );
};

/** The template's status, and when Meta re-categorised it, "UTILITY → MARKETING" with the new price. */
export const StatusChip = ({ template }: { template: Template }) => {
  const moved = template.previousCategory && template.previousCategory !== template.category;
  const price = recategorisedPrice(template);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <Chip
        size="small"
        label={template.status}
        color={colors[template.status] ?? 'default'}
        variant={template.status === 'DRAFT' ? 'outlined' : 'filled'}
        data-testid="template-status"
      />
      {moved && (
        <Tooltip title={price ?? ''}>
          <Chip
            size="small"
            variant="outlined"
            color="warning"
            label={t.recategorised(template.previousCategory ?? '', template.category)}
            data-testid="template-recategorised"
            tabIndex={price ? 0 : undefined}
          />
        </Tooltip>
      )}
    </Box>
  );
};
