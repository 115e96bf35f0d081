import { Alert, AlertTitle, Box } from '@mui/material';
import type { TemplateLintWarning } from '@pc/contract';
import { templateTexts as t } from '../texts';

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
