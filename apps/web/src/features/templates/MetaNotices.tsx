import { Alert, AlertTitle, Box, Chip, Stack, Tooltip } from '@mui/material';
import { formatDate, formatMoney, type Template, type TemplateQualityScore } from '@pc/contract';
import { qualityOf, templateNotices } from './metaNotices';
import { templateTexts as t } from './texts';

/** Meta moved the template to another category, and so another price per conversation. */
const RecategorisedNotice = ({ template }: { template: Template }) => {
  if (!template.previousCategory || template.previousCategory === template.category) return null;
  const change = template.categoryChange;
  return (
    <Alert severity="warning" data-testid="recategorised-notice">
      {t.recategorisedNotice(
        template.previousCategory,
        template.category,
        template.categoryChangedAt ? formatDate(template.categoryChangedAt) : '',
      )}
      {change &&
        t.recategorisedNoticePrice(
          formatMoney(change.to, change.currency),
          formatMoney(change.from, change.currency),
          change.country,
        )}
    </Alert>
  );
};

/**
 * What Meta said about the template beyond its status: why it was rejected and what to change, a
 * pause or a disabling, negative feedback, a category move done or announced, a lock. Nothing when
 * Meta said nothing more.
 */
export const MetaNotices = ({ template }: { template: Template }) => {
  const notices = templateNotices(template);
  const moved = Boolean(template.previousCategory && template.previousCategory !== template.category);
  if (notices.length === 0 && !moved) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="template-meta-notices">
      {notices.map((n) => (
        <Alert key={n.id} severity={n.severity} data-testid={n.id} sx={{ overflowWrap: 'anywhere' }}>
          {n.title && <AlertTitle>{n.title}</AlertTitle>}
          {n.lines.map((line, i) => (
            <Box key={i} sx={{ '& + &': { mt: 0.5 } }}>
              {line.label && (
                <Box component="strong" sx={{ fontWeight: 600 }}>
                  {`${line.label}: `}
                </Box>
              )}
              {line.text}
            </Box>
          ))}
        </Alert>
      ))}
      <RecategorisedNotice template={template} />
    </Stack>
  );
};

/** Meta's quality rating of the template: High, Medium, Low or Quality pending. */
export const QualityChip = ({ score }: { score: TemplateQualityScore }) => {
  const quality = qualityOf(score);
  return (
    <Tooltip title={t.meta.qualityHelp} describeChild>
      <Chip
        size="small"
        variant="outlined"
        color={quality.color}
        label={quality.label}
        tabIndex={0}
        data-testid="template-quality"
      />
    </Tooltip>
  );
};
