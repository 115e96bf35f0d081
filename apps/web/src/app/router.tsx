import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { AreaGuard } from './access/AreaGuard';
import type { Area } from '../access/areas';
import { lazyPage } from '../ui/lazyPage';
import { enterRoutes, type RouteEntry } from './routeEntries';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { HomeRoute } from './session/HomeRoute';
import { RequireAuth } from './session/RequireAuth';
import { useSession } from '../session/session';
import { Suspense } from 'react';
import { PageLoader } from '../ui/PageLoader';
import { ProjectDashboardRedirect } from './ProjectDashboardRedirect';
import { queryClient } from './queryClient';
import { prefetchSession, signedInAs, signedInAsReferral } from './session/prefetch';
import { theme } from '../brand/theme';
import { startZod } from '../api/early';
import { nextTask } from '../lib/nextTask';

// The shell (navigation, banners, chat widget) is the signed-in pages': sign-in does not load it.
const appShell = () => import('./shell/AppShell');
const AppShell = lazyPage(appShell, 'AppShell');
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'), 'LoginPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const dashboardPage = () => import('../features/dashboard/DashboardPage');
const DashboardPage = lazyPage(dashboardPage, 'DashboardPage');
const AnalyticsPage = lazyPage(() => import('../features/analytics/AnalyticsPage'), 'AnalyticsPage');
const ProfilePage = lazyPage(() => import('../features/profile/ProfilePage'), 'ProfilePage');
const PreviewPage = lazyPage(() => import('../features/preview/PreviewPage'), 'PreviewPage');
const MarginsPage = lazyPage(() => import('../features/margins/MarginsPage'), 'MarginsPage');
const RiskPage = lazyPage(() => import('../features/risk/RiskPage'), 'RiskPage');
const WalletPage = lazyPage(() => import('../features/wallet/WalletPage'), 'WalletPage');
const RateCardsPage = lazyPage(() => import('../features/rate-cards/RateCardsPage'), 'RateCardsPage');
const RateCardsAdminPage = lazyPage(
  () => import('../features/superadmin/rate-cards/RateCardsAdminPage'),
  'RateCardsAdminPage',
);
const RolesPage = lazyPage(() => import('../features/roles/RolesPage'), 'RolesPage');
const TeamPage = lazyPage(() => import('../features/team/TeamPage'), 'TeamPage');
const ActivityLogPage = lazyPage(() => import('../features/activity/ActivityLogPage'), 'ActivityLogPage');
const projectsPage = () => import('../features/projects/ProjectsPage');
const ProjectsPage = lazyPage(projectsPage, 'ProjectsPage');
const ManageLayout = lazyPage(() => import('../features/manage/ManageLayout'), 'ManageLayout');
const ManageIndex = lazyPage(() => import('../features/manage/ManageIndex'), 'ManageIndex');
const ConfigurePlanFamilyPage = lazyPage(
  () => import('../features/manage-config/ConfigurePlanFamilyPage'),
  'ConfigurePlanFamilyPage',
);
const OnboardingPage = lazyPage(() => import('../features/manage-config/OnboardingPage'), 'OnboardingPage');
const AgentsPage = lazyPage(() => import('../features/manage-config/AgentsPage'), 'AgentsPage');
const AddonPlansPage = lazyPage(() => import('../features/manage-addons/AddonPlansPage'), 'AddonPlansPage');
const DefaultsPage = lazyPage(() => import('../features/manage-config/DefaultsPage'), 'DefaultsPage');
const ProfileColorsPage = lazyPage(() => import('../features/manage-config/ProfileColorsPage'), 'ProfileColorsPage');
const SsoPage = lazyPage(() => import('../features/sso/SsoPage'), 'SsoPage');
const SuperadminPage = lazyPage(() => import('../features/superadmin/SuperadminPage'), 'SuperadminPage');
const CataloguePage = lazyPage(() => import('../features/superadmin/catalogue/CataloguePage'), 'CataloguePage');
const ApplicationFormConfigPage = lazyPage(
  () => import('../features/superadmin/application-form/ApplicationFormConfigPage'),
  'ApplicationFormConfigPage',
);
const PartnerAccountPage = lazyPage(
  () => import('../features/superadmin/partners/PartnerAccountPage'),
  'PartnerAccountPage',
);
const AuditLogPage = lazyPage(() => import('../features/superadmin/audit/AuditLogPage'), 'AuditLogPage');
const MetaDeliveriesPage = lazyPage(
  () => import('../features/superadmin/meta-deliveries/MetaDeliveriesPage'),
  'MetaDeliveriesPage',
);
const TicketsPage = lazyPage(() => import('../features/support-tickets/TicketsPage'), 'TicketsPage');
const ProjectDetailPage = lazyPage(() => import('../features/project-detail/ProjectDetailPage'), 'ProjectDetailPage');
const superadminProjects = () => import('../features/superadmin/projects/pages');
const SuperadminProjectsPage = lazyPage(superadminProjects, 'SuperadminProjectsPage');
const SuperadminProjectPage = lazyPage(superadminProjects, 'SuperadminProjectPage');
const TemplatesPage = lazyPage(() => import('../features/templates/TemplatesPage'), 'TemplatesPage');
const TemplateDetailPage = lazyPage(() => import('../features/templates/TemplateDetailPage'), 'TemplateDetailPage');
const webhookPages = () => import('../features/webhooks/pages');
const WebhooksPage = lazyPage(webhookPages, 'WebhooksPage');
const DeliveryConsolePage = lazyPage(webhookPages, 'DeliveryConsolePage');
const BusinessesPage = lazyPage(() => import('../features/businesses/BusinessesPage'), 'BusinessesPage');
const BusinessDetailPage = lazyPage(() => import('../features/businesses/BusinessDetailPage'), 'BusinessDetailPage');
const MetaAdsArea = lazyPage(() => import('../features/meta-ads/MetaAdsArea'), 'MetaAdsArea');
const BillingsPage = lazyPage(() => import('../features/billings/BillingsPage'), 'BillingsPage');
const PlanDetailsPage = lazyPage(() => import('../features/plan-details/PlanDetailsPage'), 'PlanDetailsPage');
const NotFoundPage = lazyPage(() => import('../features/errors/NotFoundPage'), 'NotFoundPage');
const EmbeddedSignupPage = lazyPage(
  () => import('../features/embedded-signup/EmbeddedSignupPage'),
  'EmbeddedSignupPage',
);
const RazorpayCallbackPage = lazyPage(
  () => import('../features/payment-gateway/RazorpayCallbackPage'),
  'RazorpayCallbackPage',
);

/**
 * Entering a signed-in route starts what its page waits on at once, when it is opened (first load or
 * a click), instead of one after another as each part renders and asks: the session's calls, the
 * shell and the navigation this screen shows (AppShell picks the same), the page's code and its
 * first calls. The page still shows its own loading states; its queries find the calls in flight
 * (or start them, and the entry's then joins them).
 * Once per entry into the route (routeEntries.ts): the page's queries follow its URL from then on.
 */
const onEntry = (start: (url: URL) => void | Promise<void>): { handle: RouteEntry } => ({
  // Each in a task of its own, a moment after the render that entered the route: started there, the
  // calls and code they ask for held that render's task on a phone for 100 ms and more.
  handle: { onEntry: (url) => void setTimeout(() => void start(url), 0) },
});
/**
 * A page's code builds its calls' schemas as it loads (and the first to build one sets zod up): run
 * after zod's own set-up, in the task after it, so the two do not add up in one task. Its files are
 * already downloading (the page's HTML announces them), so nothing waits on the network for this.
 */
const afterZod = async (start: () => void) => {
  await startZod();
  await nextTask();
  start();
};
const signedInEntry = onEntry(async () => {
  if (!signedInAs()) return;
  prefetchSession(queryClient);
  // The shell's code in the next task: asked for in the same one, the two held it for about 90 ms at 4x.
  await nextTask();
  void appShell();
  const wide = window.matchMedia(theme.breakpoints.up('md').replace(/^@media\s*/, '')).matches;
  void (wide ? import('./shell/Rail') : import('./shell/MobileNav'));
});
const dashboardEntry = onEntry((url) => {
  // A referral user's dashboard is the referral link: no balance or usage is asked for.
  if (signedInAs() !== 'agent' || signedInAsReferral()) return;
  void afterZod(() => {
    void dashboardPage();
    void import('../features/dashboard/prefetch').then((m) => m.prefetchDashboard(queryClient, url));
  });
});
const projectsEntry = onEntry((url) => {
  if (signedInAs() !== 'agent') return;
  void afterZod(() => {
    void projectsPage();
    if (!signedInAsReferral())
      void import('../features/projects/prefetch').then((m) => m.prefetchProjects(queryClient, url));
  });
});

const guard = (area: Area, page: ReactNode) => <AreaGuard area={area}>{page}</AreaGuard>;
/** The projects list and a project's page are the partner's own, or (for the super-admin) every partner's. */
const ByViewerKind = ({ partner, superadmin }: { partner: ReactNode; superadmin: ReactNode }) =>
  useSession().me.kind === 'superadmin' ? superadmin : partner;

const PublicFrame = () => (
  <Suspense fallback={<PageLoader />}>
    <Outlet />
  </Suspense>
);

const routes: RouteObject[] = [
  {
    element: <PublicFrame />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/:partnerId/embed/signup', element: <EmbeddedSignupPage /> },
      {
        path: '/integrations/appstore/app/razorpay/auth',
        element: (
          <RequireAuth>
            <RazorpayCallbackPage />
          </RequireAuth>
        ),
      },
      {
        path: '/',
        element: (
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        ),
        ...signedInEntry,
        children: [
          {
            index: true,
            element: <HomeRoute dashboard={guard('dashboard', <DashboardPage />)} />,
            ...dashboardEntry,
          },
          { path: 'analytics', element: guard('dashboard', <AnalyticsPage />) },
          { path: 'businesses', element: guard('businesses', <BusinessesPage />) },
          { path: 'businesses/:id', element: guard('businesses', <BusinessDetailPage />) },
          {
            path: 'assistants',
            ...projectsEntry,
            element: (
              <ByViewerKind
                partner={guard('projects', <ProjectsPage />)}
                superadmin={guard('superadmin', <SuperadminProjectsPage />)}
              />
            ),
          },
          {
            path: 'assistants/:projectId',
            element: (
              <ByViewerKind
                partner={guard('projects', <ProjectDetailPage />)}
                superadmin={guard('superadmin', <SuperadminProjectPage />)}
              />
            ),
          },
          { path: 'projects/:projectId/dashboard', element: <ProjectDashboardRedirect /> },
          { path: 'projects/:projectId/manage/template-message', element: guard('projects', <TemplatesPage />) },
          {
            path: 'projects/:projectId/manage/template-message/:templateId',
            element: guard('projects', <TemplateDetailPage />),
          },
          { path: 'projects/:projectId/manage/webhooks', element: guard('projects', <WebhooksPage />) },
          {
            path: 'projects/:projectId/manage/webhooks/:webhookId',
            element: guard('projects', <DeliveryConsolePage />),
          },
          // /meta-ads redirects to /meta-ads/project; project, ads and transactions are its tabs (MetaAdsArea).
          { path: 'meta-ads/:tab?', element: guard('metaAds', <MetaAdsArea />) },
          { path: 'plan-details', element: guard('planDetails', <PlanDetailsPage />) },
          { path: 'rate-cards', element: guard('planDetails', <RateCardsPage />) },
          { path: 'billings', element: guard('billings', <BillingsPage />) },
          { path: 'billings/:id', element: guard('billings', <BillingsPage />) },
          { path: 'margins', element: guard('billings', <MarginsPage />) },
          { path: 'risk', element: guard('risk', <RiskPage />) },
          { path: 'wallet', element: guard('billings', <WalletPage />) },
          { path: 'preview', element: guard('preview', <PreviewPage />) },
          { path: 'agentProfile', element: guard('profile', <ProfilePage />) },
          { path: 'superadmin', element: guard('superadmin', <SuperadminPage />) },
          { path: 'partner-accounts/:id', element: guard('superadmin', <PartnerAccountPage />) },
          { path: 'audit-log', element: guard('superadmin', <AuditLogPage />) },
          { path: 'meta-deliveries', element: guard('superadmin', <MetaDeliveriesPage />) },
          { path: 'provider-catalogue', element: guard('superadmin', <CataloguePage />) },
          { path: 'provider-rate-cards', element: guard('superadmin', <RateCardsAdminPage />) },
          { path: 'application-form', element: guard('superadmin', <ApplicationFormConfigPage />) },
          { path: 'support-tickets', element: guard('superadmin', <TicketsPage />) },
          {
            path: 'manage',
            element: <ManageLayout />,
            children: [
              { index: true, element: <ManageIndex /> },
              { path: 'config', element: guard('manage.config', <ConfigurePlanFamilyPage />) },
              { path: 'onboarding', element: guard('manage.onboarding', <OnboardingPage />) },
              { path: 'agents', element: guard('manage.agents', <AgentsPage />) },
              { path: 'sso', element: guard('manage.sso', <SsoPage />) },
              { path: 'profiles', element: guard('manage.profiles', <ProfileColorsPage />) },
              { path: 'manage-addons', element: guard('manage.addons', <AddonPlansPage />) },
              { path: 'defaults', element: guard('manage.defaults', <DefaultsPage />) },
              { path: 'roles', element: guard('manage.roles', <RolesPage />) },
              { path: 'team', element: guard('manage.team', <TeamPage />) },
              { path: 'activity', element: guard('manage.activity', <ActivityLogPage />) },
            ],
          },
        ],
      },
      // Unknown paths go to /error (doc 3 section 2), the lost page of doc 1.
      { path: 'error', element: <NotFoundPage /> },
      { path: '*', element: <Navigate to="/error" replace /> },
    ],
  },
];

/** The console's pages (declared routes: the data router's loaders and actions are not used). */
export const AppRoutes = () => {
  const location = useLocation();
  enterRoutes(routes, location);
  const pages = useRoutes(routes);
  return <RouteErrorBoundary resetKey={location.key}>{pages}</RouteErrorBoundary>;
};
