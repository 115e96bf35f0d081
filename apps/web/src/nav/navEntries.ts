import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import DataObjectOutlinedIcon from '@mui/icons-material/DataObjectOutlined';
import PriceChangeOutlinedIcon from '@mui/icons-material/PriceChangeOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import SpaceDashboardOutlinedIcon from '@mui/icons-material/SpaceDashboardOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { isAreaVisible, type Area, type AreaContext } from '../access/areas';

/** `also`: other paths under the entry (a project's screens live under /projects/..., the list at /assistants). */
export type NavEntry = {
  area: Area;
  label: string;
  to: string;
  icon: SvgIconComponent;
  end?: boolean;
  also?: string[];
};
export type SubEntry = { area: Area; label: string; to: string };

export const mainEntries: NavEntry[] = [
  { area: 'dashboard', label: 'Dashboard', to: '/', icon: SpaceDashboardOutlinedIcon, end: true },
  { area: 'businesses', label: 'Businesses', to: '/businesses', icon: StorefrontOutlinedIcon },
  { area: 'projects', label: 'Projects', to: '/assistants', icon: SmartToyOutlinedIcon, also: ['/projects/'] },
  { area: 'metaAds', label: 'Meta Ads', to: '/meta-ads', icon: CampaignOutlinedIcon },
  { area: 'planDetails', label: 'Plan Details', to: '/plan-details', icon: WorkspacePremiumOutlinedIcon },
  { area: 'billings', label: 'Billing', to: '/billings', icon: ReceiptLongOutlinedIcon },
  // Its icon is the Catalogue's, already in the shell (see the Audit Log's).
  { area: 'billings', label: 'Margins', to: '/margins', icon: PriceChangeOutlinedIcon },
  { area: 'billings', label: 'Wallet', to: '/wallet', icon: AccountBalanceWalletOutlinedIcon },
  // The Partners entry's shield, already in the shell (its bundle is at its size limit); a partner never sees both.
  { area: 'risk', label: 'Risk board', to: '/risk', icon: AdminPanelSettingsOutlinedIcon },
  { area: 'manage', label: 'Manage', to: '/manage', icon: SettingsOutlinedIcon },
  // A DIRECT partner's way to its activity log (its Manage entry is hidden), with Manage's gear: it is
  // that Manage page, and the icon is already in the shell.
  { area: 'activity', label: 'Activity Log', to: '/manage/activity', icon: SettingsOutlinedIcon },
  { area: 'superadmin', label: 'Partners', to: '/superadmin', icon: AdminPanelSettingsOutlinedIcon },
  { area: 'superadmin', label: 'Projects', to: '/assistants', icon: SmartToyOutlinedIcon },
  { area: 'superadmin', label: 'Catalogue', to: '/provider-catalogue', icon: PriceChangeOutlinedIcon },
  // The Catalogue's icon: a rate card is the catalogue's prices from an instant on (the shell is at its size limit).
  { area: 'superadmin', label: 'Rate Cards', to: '/provider-rate-cards', icon: PriceChangeOutlinedIcon },
  { area: 'superadmin', label: 'App Form', to: '/application-form', icon: DataObjectOutlinedIcon },
  // The Billing entry's icon (a log), already in the shell: the shell's bundle is at its size limit.
  { area: 'superadmin', label: 'Audit Log', to: '/audit-log', icon: ReceiptLongOutlinedIcon },
  // The Meta Ads entry's icon (a partner's, never beside this one), already in the shell: it is at its size limit.
  { area: 'superadmin', label: 'Meta Deliveries', to: '/meta-deliveries', icon: CampaignOutlinedIcon },
  { area: 'superadmin', label: 'Tickets', to: '/support-tickets', icon: SupportAgentOutlinedIcon },
];

export const manageEntries: SubEntry[] = [
  { area: 'manage.config', label: 'Plan Family', to: '/manage/config' },
  { area: 'manage.onboarding', label: 'Onboarding', to: '/manage/onboarding' },
  { area: 'manage.agents', label: 'Project Agents', to: '/manage/agents' },
  { area: 'manage.sso', label: 'Single Sign On', to: '/manage/sso' },
  { area: 'manage.profiles', label: 'Profiles', to: '/manage/profiles' },
  { area: 'manage.addons', label: 'Manage Addons', to: '/manage/manage-addons' },
  { area: 'manage.defaults', label: 'Defaults', to: '/manage/defaults' },
  { area: 'manage.roles', label: 'Roles', to: '/manage/roles' },
  { area: 'manage.team', label: 'Team', to: '/manage/team' },
  { area: 'manage.activity', label: 'Activity Log', to: '/manage/activity' },
];

export const visibleEntries = <T extends { area: Area }>(entries: T[], ctx: AreaContext): T[] =>
  entries.filter((entry) => isAreaVisible(entry.area, ctx));

/**
 * 'active' when the page is under one of the entry's other paths; NavLink adds 'active' itself on
 * its own match (a string class, since MUI merges classes as strings).
 */
export const alsoActive = (entry: Pick<NavEntry, 'also'>, pathname: string) =>
  entry.also?.some((prefix) => pathname.startsWith(prefix)) ? 'active' : undefined;
