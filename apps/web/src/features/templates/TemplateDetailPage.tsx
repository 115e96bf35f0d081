import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Paper, Typography } from '@mui/material';
import { formatDateTime, otpTypeLabels, templateLanguageName, templateTypeLabels, type Template } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { ErrorState } from '../../ui/ErrorState';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { useBack } from '../../ui/useBack';
import { NotFoundPage } from '../errors/NotFoundPage';
import { fetchTemplate } from './api';
import { bubbleOfTemplate } from './bubble';
import { EditTemplateButton } from './EditTemplateButton';
import { templateKeys } from './keys';
import { MetaNotices, QualityChip } from './MetaNotices';
import { StatusChip } from './StatusChip';
import { TemplateBubble } from './TemplateBubble';
import { templatePath } from './paths';
import { templateTexts as t } from './texts';
import { useTemplateUserId } from './useDraft';

const f = t.fields;

const buttonsOf = (template: Template): string[] => {
  if (template.actionType === 'QuickReplies') return template.quickReplies;
  if (template.actionType !== 'CAT') return [];
  return template.callToAction.map((b) => `${b.buttonTitle} (${b.type}): ${b.buttonValue}`);
};

const lines = (items: string[]) =>
  items.length === 0
    ? t.none
    : items.map((item, i) => (
        <Box key={i} component="span" sx={{ display: 'block' }}>
          {item}
        </Box>
      ));

/**
 * The buttons; an authentication template's one button is its one-time password button, shown
 * with its choices: the kind, the expiry, the security sentence, the Android apps.
 */
const buttonRows = (template: Template): [string, ReactNode][] => {
  const a = template.authentication;
  if (!a) return [[f.buttons, lines(buttonsOf(template))]];
  const rows: [string, ReactNode][] = [
    [f.otpButton, otpTypeLabels[a.otpType]],
    [f.codeExpiry, a.codeExpirationMinutes === null ? t.noExpiry : t.minutes(a.codeExpirationMinutes)],
    [f.securityRecommendation, a.addSecurityRecommendation ? t.yes : t.no],
  ];
  const apps = a.supportedApps.map((app) => t.app(app.packageName, app.signatureHash));
  if (a.otpType !== 'COPY_CODE') rows.push([f.supportedApps, lines(apps)]);
  return rows;
};

const Fields = ({ template }: { template: Template }) => {
  const quality = template.fromMeta.qualityScore;
  const rows: [string, ReactNode][] = [
    [f.status, <StatusChip key="s" template={template} />],
    ...(quality ? [[t.meta.quality, <QualityChip key="q" score={quality} />] as [string, ReactNode]] : []),
    [f.failureReason, template.rejectedReason || t.none],
    [f.name, template.name || t.none],
    [f.category, template.category || t.none],
    [f.language, template.language ? templateLanguageName(template.language) : t.none],
    [f.type, template.type ? templateTypeLabels[template.type] : t.none],
    [f.header, template.headerText || t.none],
    [f.format, template.format || t.none],
    [f.footer, template.footerText || t.none],
    [f.sampleMessage, template.sampleMessage || t.none],
    [f.sampleCtaUrl, template.sampleCTAUrl || t.none],
    [f.sampleMediaUrl, template.sampleMediaUrl || t.none],
    ...buttonRows(template),
    [f.createdAt, formatDateTime(template.createdAt)],
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: { xs: 0.25, sm: 1.5 },
        gridTemplateColumns: { xs: 'minmax(0,1fr)', sm: 'minmax(0,180px) minmax(0,1fr)' },
      }}
    >
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minWidth: 0 }}
          >
            {value}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
};

/**
 * /projects/{projectId}/manage/template-message/{templateId}: a template (doc 2 section 2.3), with
 * Edit when Meta lets it be edited.
 */
export const TemplateDetailPage = () => {
  const { projectId = '', templateId = '' } = useParams();
  const location = useLocation();
  const userId = useTemplateUserId();
  const back = useBack(templatePath(projectId));
  const fromList = (location.state as { template?: Template } | null)?.template;
  const template = useQuery({
    queryKey: templateKeys.detail(templateId),
    queryFn: () => fetchTemplate(userId, templateId),
    placeholderData: fromList?._id === templateId ? fromList : undefined,
    retry: false,
  });
  if (template.isPending) return <PageLoader />;
  if ((isApiError(template.error) && template.error.status === 404) || (template.isSuccess && !template.data))
    return <NotFoundPage inShell />;
  if (!template.data)
    return <ErrorState error={template.error} fallback={t.detailLoadFailed} onRetry={() => void template.refetch()} />;
  const data = template.data;
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={`${t.detailTitle} : ${data.name || t.untitled}`}
        actions={
          <>
            <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={back}>
              {t.back}
            </Button>
            <EditTemplateButton projectId={projectId} template={data} />
          </>
        }
      />
      <MetaNotices template={data} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0,1fr)', md: 'minmax(0,1fr) minmax(0,380px)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-label={t.detailTitle}>
          <Fields template={data} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-label={t.preview}>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            {t.preview}
          </Typography>
          <TemplateBubble model={bubbleOfTemplate(data)} />
        </Paper>
      </Box>
    </Box>
  );
};
