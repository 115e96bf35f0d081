import { Paper, Typography } from '@mui/material';
import { hasPermission } from '@pc/contract';
import { useSession } from '../../session/session';
import { PageHeader } from '../../ui/PageHeader';
import { DefaultsEditor } from '../project-detail/actions/DefaultsConfigTab';
import { manageConfigTexts as t } from './texts';

/** /manage/defaults (doc 3 section 2): the country and WhatsApp About that new projects start with. */
export const DefaultsPage = () => {
  const { partner, viewer } = useSession();
  if (!partner) return null;
  return (
    <>
      <PageHeader title={t.defaultsTitle} />
      <Paper sx={{ p: 3 }}>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t.defaultsHelp}
        </Typography>
        <DefaultsEditor values={partner} canWrite={hasPermission(viewer, 'manage.write')} />
      </Paper>
    </>
  );
};
