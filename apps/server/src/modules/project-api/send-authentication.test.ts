import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { projectApiMessages as m } from '@pc/contract';
import { messageEvents } from '../../platform/db/schema.js';
import type { TemplateMessage } from '../../providers/meta/messages/messages.js';
import type * as Sandbox from '../../providers/meta/messages/sandbox.js';
import { callbackDataOf } from './status.js';
import { conversationsWith, eventsOf, restoreMetro, startProjectApi, type Api } from './test-fixture.js';

/**
 * An authentication template sent through the project API, and what the sandbox Meta is handed:
 * the demo's approved `login_code` of Metro Clinics (en_US, copy code, the security sentence, 10
 * minutes). The caller gives the code once; Meta takes it twice, as its copy code page shows
 * ("Sending authentication templates",
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/authentication-templates/copy-code-button-authentication-templates).
 */

// Every message the app's own sandbox is handed, watched on its way in (the sandbox still sends it).
const handed = vi.hoisted(() => [] as TemplateMessage[]);
vi.mock('../../providers/meta/messages/sandbox.js', async (importOriginal) => {
  const real = await importOriginal<typeof Sandbox>();
  return {
    ...real,
    createSandboxMetaMessages: (...args: Parameters<typeof real.createSandboxMetaMessages>) => {
      const sandbox = real.createSandboxMetaMessages(...args);
      return {
        ...sandbox,
        sendTemplate: (message: TemplateMessage) => {
          handed.push(message);
          return sandbox.sendTemplate(message);
        },
      };
    },
  };
});

/** Meta's example's components, verbatim ("Note that this value must appear twice in the payload."). */
const metaExample = {
  components: [
    { type: 'body', parameters: [{ type: 'text', text: 'J$FpnYnP' }] },
    { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'J$FpnYnP' }] },
  ],
};

let a: Api;
beforeAll(async () => {
  a = await startProjectApi();
});
afterAll(() => a.t.close());
beforeEach(async () => {
  await restoreMetro(a);
  handed.length = 0;
});

const loginCode = (to: string, over: Record<string, unknown> = {}) => ({
  to,
  template: { name: 'login_code', language: 'en_US', parameters: ['J$FpnYnP'], ...over },
});

describe('an authentication template', () => {
  it('goes to Meta with the code in the body and in its url button at index "0", as Meta\'s page shows', async () => {
    const res = await a.send(loginCode('919876500041'));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(handed).toEqual([
      {
        phoneNumberId: expect.any(String),
        to: '919876500041',
        template: { name: 'login_code', language: 'en_US', components: metaExample.components },
        callbackData: callbackDataOf({ projectId: a.metro.id, category: 'authentication', country: 'IN' }),
      },
    ]);
    // Sent, and charged as an authentication conversation.
    expect((await eventsOf(a, String(res.body.messageId))).map((e) => [e.status, e.category])).toEqual([
      ['sent', 'authentication'],
    ]);
    expect(await conversationsWith(a, '919876500041')).toMatchObject([
      { category: 'authentication', billingStatus: 'CHARGED' },
    ]);
  });

  it('is refused, before anything is sent, a code over 15 characters, a urlParameter or no code', async () => {
    const sentBefore = async () =>
      (
        await a.t.database.db.select({ n: count() }).from(messageEvents).where(eq(messageEvents.projectId, a.metro.id))
      )[0]!.n;
    const before = await sentBefore();
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ parameters: ['1234567890123456'] }, 'template.parameters.0', m.otpCodeTooLong('login_code')],
      [{ urlParameter: 'J$FpnYnP' }, 'template.urlParameter', m.otpUrlParameter('login_code')],
      [{ parameters: [] }, 'template.parameters', m.otpCodeCount('login_code', 0)],
    ];
    for (const [over, field, message] of refusals) {
      const res = await a.send(loginCode('919876500042', over));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ message, fields: { [field]: message } });
    }
    expect(handed).toEqual([]);
    expect(await sentBefore()).toBe(before);
    // Fifteen characters is Meta's maximum, not over it.
    expect((await a.send(loginCode('919876500042', { parameters: ['123456789012345'] }))).status).toBe(202);
  });
});
