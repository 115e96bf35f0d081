import ScheduleIcon from '@mui/icons-material/Schedule';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Chip, Tooltip, type ChipProps } from '@mui/material';
import { formatMoney, type Template, type TemplateStatus } from '@pc/contract';
import { atRiskText, isAtRisk, statusHint, upcomingMoveChip, upcomingMoveText } from './metaNotices';
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

/** The chips beside the status wrap their label in a narrow cell (a phone's row) instead of cutting it off. */
const wraps = { height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } } as const;

/**
 * The template's status (its tooltip: the pause's kind, the disable date or Meta's reason); when Meta
 * re-categorised it, "UTILITY → MARKETING" with the new price; "At risk" when Meta flagged it; and a
 * move Meta announced, "→ MARKETING on Mar 3". The chips sit in the list's row links: hints are
 * tooltips on hover, the detail page says all of it in words.
 */
export const StatusChip = ({ template }: { template: Template }) => {
  const moved = template.previousCategory && template.previousCategory !== template.category;
  const price = recategorisedPrice(template);
  const upcoming = upcomingMoveChip(template);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <Tooltip title={statusHint(template) ?? ''} describeChild>
        <Chip
          size="small"
          label={template.status}
          color={colors[template.status] ?? 'default'}
          variant={template.status === 'DRAFT' ? 'outlined' : 'filled'}
          data-testid="template-status"
        />
      </Tooltip>
      {isAtRisk(template) && (
        <Tooltip title={atRiskText(template)} describeChild>
          <Chip
            size="small"
            variant="outlined"
            color="warning"
            sx={wraps}
            icon={<WarningAmberIcon />}
            label={t.meta.atRisk}
            data-testid="template-at-risk"
          />
        </Tooltip>
      )}
      {moved && (
        <Tooltip title={price ?? ''} describeChild>
          <Chip
            size="small"
            variant="outlined"
            color="warning"
            sx={wraps}
            label={t.recategorised(template.previousCategory ?? '', template.category)}
            data-testid="template-recategorised"
            tabIndex={price ? 0 : undefined}
          />
        </Tooltip>
      )}
      {upcoming && (
        <Tooltip title={upcomingMoveText(template) ?? ''} describeChild>
          <Chip
            size="small"
            variant="outlined"
            color="warning"
            sx={wraps}
            icon={<ScheduleIcon />}
            label={upcoming}
            data-testid="template-upcoming-category"
          />
        </Tooltip>
      )}
    </Box>
  );
};
