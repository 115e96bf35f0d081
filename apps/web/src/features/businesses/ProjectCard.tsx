import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { formatMoney, planType, subscriptionStatus, wabaStatus, type ProjectSummary, formatDate } from '@pc/contract';
import { Link } from 'react-router';
import { useSession } from '../../session/session';
import { businessesPageTexts as t } from './texts';

const Line = ({ label, value }: { label: string; value: string }) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right' }}>
      {value}
    </Typography>
  </Box>
);

/** Name, Subscription Status, WCC Credit, WABA Status, Plan Type, "Created at {date}", View. */
export const ProjectCard = ({ project }: { project: ProjectSummary }) => {
  const { partner } = useSession();
  return (
    <Card variant="outlined" data-testid="project-card">
      <CardContent sx={{ display: 'grid', gap: 0.75 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {project.assistantName}
        </Typography>
        <Line label={t.subscriptionStatus} value={subscriptionStatus(project)} />
        <Line
          label={partner?.flags.pwcLabel ? t.pwcCredit : t.wccCredit}
          value={formatMoney(project.templateCredit, project.currency)}
        />
        <Line label={t.wabaStatus} value={wabaStatus(project)} />
        <Line label={t.planType} value={planType(project.activePlan)} />
        <Typography variant="caption" color="text.secondary">
          {t.createdAtDate(formatDate(project.createdAt))}
        </Typography>
      </CardContent>
      <CardActions>
        <Button component={Link} to={`/assistants/${project._id}`} size="small" variant="outlined">
          {t.view}
        </Button>
      </CardActions>
    </Card>
  );
};
