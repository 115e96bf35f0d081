import { and, eq } from 'drizzle-orm';
import { messagingLimitOf } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { projects } from '../../platform/db/schema.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import type { AccountWord } from '../../providers/meta/accounts/words.js';
import { accountWordKind } from '../notifications/events.js';
import { ownerMailedAbout } from '../notifications/owner-mail.js';
import { ACCOUNT_MAIL_JOB } from './queries.js';

type MailCtx = Pick<Deps, 'db' | 'mail' | 'env'>;

const limitText = (tier: string | null) => {
  const perDay = tier ? messagingLimitOf(tier) : null;
  return perDay === null
    ? (tier ?? 'not set')
    : perDay === Infinity
      ? 'unlimited'
      : `${perDay.toLocaleString('en-IN')} a day`;
};

/** What happened, in a sentence the owner can act on; null for a word that is not told. */
export const accountMailLine = (word: AccountWord): { subject: string; lines: string[] } | null => {
  switch (word.kind) {
    case 'ban':
      return word.state === 'REINSTATE'
        ? { subject: 'reinstated', lines: ['Meta has reinstated the WhatsApp Business Account: it can send again.'] }
        : {
            subject: word.state === 'DISABLE' ? 'disabled by Meta' : 'scheduled to be disabled by Meta',
            lines: [
              word.state === 'DISABLE'
                ? 'Meta has disabled the WhatsApp Business Account: it cannot send messages.'
                : 'Meta has scheduled the WhatsApp Business Account to be disabled.',
              'The client can request a review in WhatsApp Manager (Account quality).',
            ],
          };
    case 'volumeTier':
      return null;
    case 'violation':
      return {
        subject: `policy violation (${word.type})`,
        lines: [
          `Meta reports a policy violation (${word.type}) on the WhatsApp Business Account.`,
          'Review what the project sends; repeated violations lead to a ban.',
        ],
      };
    case 'connection':
      return {
        subject: word.event === 'ACCOUNT_DELETED' ? 'WhatsApp account deleted' : 'disconnected from Meta',
        lines: [
          word.event === 'ACCOUNT_DELETED'
            ? 'Meta deleted the WhatsApp Business Account. The client must sign up again with a new account.'
            : 'The WhatsApp Business Account is no longer shared with the platform: nothing can be sent or received.',
          'Send the client the WABA link (the project’s Setup tab) to connect it again.',
        ],
      };
    case 'limit':
      if (word.event === 'FLAGGED')
        return {
          subject: 'quality rating fell to low',
          lines: ['Meta flagged the number: its quality rating fell to low. Review the templates it sends.'],
        };
      return {
        subject: 'messaging limit changed',
        lines: [`Meta set the messaging limit of the business portfolio to ${limitText(word.limit)}.`],
      };
    case 'capability':
      return {
        subject: 'messaging limit changed',
        lines: [`Meta set the messaging limit of the business portfolio to ${limitText(word.limit)}.`],
      };
    case 'name':
      return {
        subject: 'display name rejected',
        lines: [
          `Meta rejected the display name${word.requestedName ? ` "${word.requestedName}"` : ''}${word.rejectionReason ? ` (${word.rejectionReason})` : ''}.`,
        ],
      };
    case 'review':
      return {
        subject: 'account review rejected',
        lines: ['Meta rejected the review of the WhatsApp Business Account.'],
      };
    case 'alert':
      return { subject: `Meta alert ${word.type}`, lines: [word.description] };
  }
};

export const accountMailJobs = (ctx: MailCtx): JobHandlers => ({
  [ACCOUNT_MAIL_JOB]: async (job) => {
    const { partnerId, projectId, word } = job.payload as { partnerId: string; projectId: string; word: AccountWord };
    const told = accountMailLine(word);
    const [project] = await ctx.db
      .select({ name: projects.name })
      .from(projects)
      .where(and(eq(projects.id, projectId), eq(projects.partnerId, partnerId)));
    const owner = await ownerMailedAbout(ctx.db, partnerId, accountWordKind(word));
    if (!told || !project || !owner) return;
    await ctx.mail.send({
      to: owner.email,
      subject: `${project.name}: ${told.subject}`,
      text: [
        `Hello ${owner.name},`,
        '',
        `News from Meta about the project ${project.name}:`,
        ...told.lines,
        '',
        `The project: ${ctx.env.publicUrl}/assistants/${projectId}`,
        '',
      ].join('\n'),
    });
  },
});
