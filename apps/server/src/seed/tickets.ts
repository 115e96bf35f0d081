import { and, asc, eq } from 'drizzle-orm';
import type { TicketKind, TicketRequestDetails, TicketStatus } from '@pc/contract';
import type { DbOrTx } from '../platform/db/open.js';
import { newId } from '../platform/db/ids.js';
import { agents, platformAdmins, projects, supportTickets, templates } from '../platform/db/schema.js';

const HOUR = 3_600_000;

type DemoTicket = {
  project: string;
  raisedBy: string;
  kind: TicketKind;
  request?: TicketRequestDetails;
  description: string;
  status: TicketStatus;
  hoursAgo: number;
  resolution?: string;
};

/**
 * The demo's support tickets: Acme's and AdsWorks', in every status, so the super-admin's Tickets
 * page has something on each tab and a partner's project shows its tickets. Metro Clinics' limit
 * was raised to 250 by a resolved ticket (the value seed/superadmin-projects.ts gives it), and it
 * now asks for 1,000. The seed writes tickets only: the projects' fields are that file's.
 */
const demoTickets = (rejectedTemplate: TicketRequestDetails | null): DemoTicket[] => [
  {
    project: 'Metro Clinics',
    raisedBy: 'Olivia Owner',
    kind: 'DAILY_TEMPLATE_LIMIT',
    request: { dailyTemplateLimit: 1000 },
    description: 'We remind every patient of their appointment the evening before: 250 a day is no longer enough.',
    status: 'PENDING',
    hoursAgo: 2,
  },
  ...(rejectedTemplate
    ? [
        {
          project: 'Sunrise Bakery',
          raisedBy: 'Priya Sharma',
          kind: 'TEMPLATE_STATUS' as const,
          request: rejectedTemplate,
          description: 'Meta rejected it as promotional, but it only tells the customer about their order.',
          status: 'PENDING' as const,
          hoursAgo: 26,
        },
      ]
    : []),
  {
    project: 'Kite Campaign 03',
    raisedBy: 'Olivia Owner',
    kind: 'OTHER',
    description: 'Please raise the agents limit of this project to 10 for the festive season.',
    status: 'IN_PROGRESS',
    hoursAgo: 72,
  },
  {
    project: 'Metro Clinics',
    raisedBy: 'Olivia Owner',
    kind: 'DAILY_TEMPLATE_LIMIT',
    request: { dailyTemplateLimit: 250 },
    description: 'Our second clinic opens next week.',
    status: 'RESOLVED',
    hoursAgo: 20 * 24,
    resolution: 'Daily template limit set to 250.',
  },
  {
    project: 'Brightside Apparel',
    raisedBy: 'Alex Ads',
    kind: 'DAILY_TEMPLATE_LIMIT',
    request: { dailyTemplateLimit: 10000 },
    description: 'Our summer sale starts on Monday.',
    status: 'PENDING',
    hoursAgo: 5,
  },
  {
    project: 'Northwind Outfitters',
    raisedBy: 'Alex Ads',
    kind: 'OTHER',
    description: 'Please change our WhatsApp display name to Northwind Outdoor.',
    status: 'REJECTED',
    hoursAgo: 12 * 24,
    resolution:
      "A display name is changed on the project's Profile tab, where Meta reviews it: a ticket cannot change it.",
  },
  {
    project: 'Brightside Apparel',
    raisedBy: 'Alex Ads',
    kind: 'OTHER',
    description: 'Our monthly conversation quota ran out before the end of the month.',
    status: 'RESOLVED',
    hoursAgo: 30 * 24,
    resolution: 'Monthly conversation quota set to 250.',
  },
];

const one = async <T>(rows: Promise<T[]>, what: string): Promise<T> => {
  const [row] = await rows;
  if (!row) throw new Error(`no demo ${what}`);
  return row;
};

/** Seeds the tickets above, after the projects, their templates and the super-admin exist. */
export const seedDemoTickets = async (tx: DbOrTx, p: { now: Date }) => {
  const admin = await one(tx.select().from(platformAdmins).where(eq(platformAdmins.loginUsername, 'admin')), 'admin');
  const projectNamed = (name: string) =>
    one(tx.select().from(projects).where(eq(projects.name, name)).orderBy(asc(projects.createdAt)).limit(1), name);
  const sunrise = await projectNamed('Sunrise Bakery');
  const [rejected] = await tx
    .select()
    .from(templates)
    .where(and(eq(templates.projectId, sunrise.id), eq(templates.status, 'REJECTED')))
    .orderBy(asc(templates.createdAt))
    .limit(1);
  const asked = rejected
    ? {
        templateId: rejected.id,
        templateName: rejected.name,
        templateLanguage: rejected.language,
        templateStatus: 'APPROVED',
      }
    : null;

  for (const demo of demoTickets(asked)) {
    const project = await projectNamed(demo.project);
    const raiser = await one(
      tx
        .select()
        .from(agents)
        .where(and(eq(agents.partnerId, project.partnerId), eq(agents.name, demo.raisedBy))),
      demo.raisedBy,
    );
    const at = new Date(p.now.getTime() - demo.hoursAgo * HOUR);
    const taken = demo.status !== 'PENDING';
    await tx.insert(supportTickets).values({
      id: newId(),
      partnerId: project.partnerId,
      projectId: project.id,
      kind: demo.kind,
      description: demo.description,
      request: demo.request ?? {},
      status: demo.status,
      raisedById: raiser.id,
      raisedByName: raiser.name,
      assignedToId: taken ? admin.id : null,
      assignedToName: taken ? admin.name : null,
      resolution: demo.resolution ?? null,
      createdAt: at,
      updatedAt: taken ? new Date(at.getTime() + 3 * HOUR) : at,
    });
  }
};
