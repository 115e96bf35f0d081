import { Alert, AlertTitle, Box, Link } from '@mui/material';
import { templateMessages, type TemplateLintWarning } from '@pc/contract';
import { FLOATING_HELP_URL, templateTexts as t } from '../texts';

/**
 * Meta's likely refusals that the spec's 13 rules do not catch, shown before the template goes to
 * review; warnings, not blockers, since Meta may still accept it.
 */
export const LintWarnings = ({ warnings }: { warnings: TemplateLintWarning[] }) =>
  warnings.length === 0 ? null : (
    <Alert severity="warning" data-testid="template-lint">
      <AlertTitle>{t.lintTitle}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {warnings.map((w) => (
          <li key={w.code} data-code={w.code}>
            {w.message}
          </li>
        ))}
      </Box>
    </Alert>
  );

type NoticesProps = {
  warnings: TemplateLintWarning[];
  floating: boolean;
  /** An edit's refusal (the server's message), kept in view until the next Submit. */
  refusal?: string | null;
};

/** Above the dialog's buttons: a refusal, the floating parameter help after one, and the warnings. */
export const DialogNotices = ({ warnings, floating, refusal }: NoticesProps) =>
  warnings.length === 0 && !floating && !refusal ? null : (
    <Box
      sx={{
        px: 3,
        pt: 1.5,
        maxHeight: { xs: '22vh', sm: '30vh' },
        overflow: 'auto',
        display: 'grid',
        gap: 1,
        flexShrink: 0,
      }}
    >
      {refusal && (
        <Alert severity="error" data-testid="template-refusal">
          {refusal}
        </Alert>
      )}
      {floating && (
        <Alert severity="error" data-testid="floating-help">
          <Link href={FLOATING_HELP_URL} target="_blank" rel="noopener noreferrer">
            {templateMessages.floatingHelp}
          </Link>
        </Alert>
      )}
      <LintWarnings warnings={warnings} />
    </Box>
  );
