import type { AuditAction, AuditTargetKind } from '@pc/contract';

/** Ours: the spec has no audit log; these are the super-admin's words for it. */
export const AUDIT_PAGE_SIZE = 15;

export const auditTexts = {
  title: 'Audit Log',
  empty: 'No audit rows match.',
  loadFailed: 'Unable to load the audit log.',
  filters: {
    action: 'Action',
    partner: 'Partner',
    admin: 'Admin',
    any: 'Any',
    from: 'From',
    to: 'To',
    clear: 'Clear filters',
    searchPartner: 'Search partner name',
  },
  columns: {
    at: 'When',
    admin: 'Admin',
    action: 'Action',
    partner: 'Partner',
    target: 'Target',
    changes: 'Changes',
  },
  noChange: 'No field changed',
  showMore: (n: number) => `Show ${n} more`,
  showLess: 'Show less',
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

export const targetKindLabels: Record<AuditTargetKind, string> = {
  project: 'Project',
  partner: 'Partner',
  ticket: 'Ticket',
  catalogue: 'Provider catalogue',
  settings: 'Settings',
};
