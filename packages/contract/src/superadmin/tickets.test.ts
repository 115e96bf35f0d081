import { describe, expect, it } from 'vitest';
import { canMoveTicket, ticketRequestText, ticketStatuses, TicketListUrl, type TicketStatus } from './tickets.js';

describe('canMoveTicket', () => {
  it('moves PENDING -> IN_PROGRESS -> RESOLVED | REJECTED, and PENDING -> REJECTED, nothing else', () => {
    const allowed = ticketStatuses.flatMap((from) =>
      ticketStatuses.filter((to) => canMoveTicket(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      ['PENDING->IN_PROGRESS', 'PENDING->REJECTED', 'IN_PROGRESS->RESOLVED', 'IN_PROGRESS->REJECTED'].sort(),
    );
  });

  it('never moves a closed ticket', () => {
    for (const to of ticketStatuses) {
      expect(canMoveTicket('RESOLVED', to as TicketStatus)).toBe(false);
      expect(canMoveTicket('REJECTED', to as TicketStatus)).toBe(false);
    }
  });
});

describe('ticketRequestText', () => {
  it('says what each kind asks for', () => {
    expect(
      ticketRequestText({ kind: 'DAILY_TEMPLATE_LIMIT', request: { dailyTemplateLimit: 150000 }, description: '' }),
    ).toBe('Daily template limit of 1,50,000');
    expect(
      ticketRequestText({
        kind: 'TEMPLATE_STATUS',
        request: { templateName: 'order_update', templateLanguage: 'en', templateStatus: 'APPROVED' },
        description: 'x',
      }),
    ).toBe('order_update (en) to be APPROVED');
    expect(ticketRequestText({ kind: 'OTHER', request: {}, description: 'More agents' })).toBe('More agents');
  });
});

describe('TicketListUrl', () => {
  it('reads PENDING, 15 rows, page 1 by default, and 25 rows as the one other size', () => {
    expect(TicketListUrl.parse({})).toEqual({ status: 'PENDING', partner: '', rows: 15, page: 1, ticket: '' });
    expect(TicketListUrl.parse({ rows: '25', status: 'RESOLVED', page: '3' })).toMatchObject({
      rows: 25,
      status: 'RESOLVED',
      page: 3,
    });
    expect(TicketListUrl.parse({ rows: '100', status: 'OPEN', page: '-2' })).toMatchObject({
      rows: 15,
      status: 'PENDING',
      page: 1,
    });
  });
});
