import {
  activityActions,
  auditActions,
  type ActivityAction,
  type AnyAuditAction,
  type AuditAction,
  type AuditEntry,
  type AuditTargetKind,
} from '@pc/contract';
import { activityActionLabels, activityTargetKindLabels } from '../../activity/actionLabels';

/** Ours: the spec has no audit log; these are the super-admin's words for it (the partners' teams' actions: theirs). */
export const AUDIT_PAGE_SIZE = 15;

export const auditTexts = {
  title: 'Audit Log',
  empty: 'No audit rows match.',
  loadFailed: 'Unable to load the audit log.',
  filters: {
    who: 'Who',
    action: 'Action',
    partner: 'Partner',
    admin: 'Admin',
    any: 'Any',
    from: 'From',
    to: 'To',
    clear: 'Clear filters',
    searchPartner: 'Search partner name',
  },
  who: { '': 'All', admin: 'Platform admins', member: 'Partner teams' },
  /** Beside a partner member's name: the change was the partner team's, not the platform's. */
  partnerTeam: 'partner team',
  columns: {
    at: 'When',
    who: 'Who',
    action: 'Action',
    partner: 'Partner',
    target: 'Target',
    changes: 'Changes',
  },
} as const;

export const auditActionLabels: Record<AuditAction, string> = {
  'partner.create': 'Partner created',
  'partner.update': 'Partner edited',
  'partner.flags': 'Partner flags set',
  'partner.recharge': 'Recharge recorded',
  'partner.correction': 'Balance corrected',
  'partner.partnership-refund': 'Partnership fee refunded',
  'project.plan': 'Project plan set',
  'project.plan-renewal': 'Project plan renewed',
  'project.verification': 'Project verification set',
  'project.whatsapp-number': 'WhatsApp number set',
  'project.app-name': 'App name set',
  'project.template-credit': 'Template credit added',
  'project.api-key': 'API key set',
  'project.reload-from-cache': 'Credits reloaded from cache',
  'project.sync-templates': 'Templates synced',
  'project.migrate-templates': 'Templates migrated',
  'project.status': 'Project status set',
  'project.processed': 'Project marked processed',
  'project.fields': 'Project fields set',
  'ticket.mark': 'Ticket marked',
  'ticket.template-status': 'Ticket template status set',
  'ticket.fulfil': 'Ticket fulfilled',
  'catalogue.update': 'Provider catalogue edited',
  'rate-card.load': 'Rate card loaded',
  'rate-card.cancel': 'Rate card cancelled',
  'application-form.update': 'Application form edited',
};

/** What an entry is about, of either log (the super-admin's words where both have the kind). */
export const targetKindLabels: Record<AuditEntry['targetKind'], string> = {
  ...activityTargetKindLabels,
  project: 'Project',
  partner: 'Partner',
  ticket: 'Ticket',
  catalogue: 'Provider catalogue',
  settings: 'Settings',
} satisfies Record<AuditTargetKind, string>;

/** An entry's action in words: a super-admin's, or a partner team's as its own activity log says it. */
export const actionLabel = (entry: Pick<AuditEntry, 'actorKind' | 'action'>): string =>
  (entry.actorKind === 'member'
    ? activityActionLabels[entry.action as ActivityAction]
    : auditActionLabels[entry.action as AuditAction]) ?? entry.action;

/** The actions a Who choice can have: the platform's, the partner teams', or both (a name both logs use, once). */
export const actionsFor = (who: AuditEntry['actorKind'] | ''): { admin: AuditAction[]; member: ActivityAction[] } => {
  const admin = who === 'member' ? [] : [...auditActions];
  const member = who === 'admin' ? [] : activityActions.filter((a) => !(admin as AnyAuditAction[]).includes(a));
  return { admin, member };
};
