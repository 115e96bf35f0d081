import { describe, expect, it } from 'vitest';
import { inboundMessagesOf, isBsuid, Recipient } from './inbound.js';

/** The `value` of the first change of a webhook body, as meta-webhook.ts hands it over. */
const valueOf = (body: { entry: { changes: { value: unknown; field: string }[] }[] }) =>
  body.entry[0]!.changes[0]!.value;

// Meta, "Text messages webhook reference", "Text message" example, VERBATIM.
// https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/text
// Updated: Oct 27, 2025 (the same payload is on the Webhooks overview page, Updated Apr 29 2026;
// docs/research/meta-pricing-and-webhooks.md section 4.1).
const textMessage = {
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
            contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: '16505551234' }],
            messages: [
              {
                from: '16505551234',
                id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=',
                timestamp: '1749416383',
                type: 'text',
                text: { body: 'Does it come in another color?' },
              },
            ],
          },
          field: 'messages',
        },
      ],
    },
  ],
};

// Meta, "Business-scoped user IDs", the inbound message once BSUIDs are on (no `wa_id`, no `from`):
// its `contacts` and `messages` entries VERBATIM (the page's "wamid..." id kept as Meta prints it), in
// the envelope of the text message above.
// https://developers.facebook.com/documentation/business-messaging/whatsapp/business-scoped-user-ids
// 29 June 2026 version (docs/research/meta-pricing-and-webhooks.md sections 4.1 and 5.3).
const bsuidMessage = {
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
            contacts: [
              {
                profile: { name: 'Sheena Nelson', username: 'realsheenanelson' },
                user_id: 'US.13491208655302741918',
                parent_user_id: 'US.ENT.11815799212886844830',
              },
            ],
            messages: [
              {
                from_user_id: 'US.13491208655302741918',
                from_parent_user_id: 'US.ENT.11815799212886844830',
                id: 'wamid...',
                timestamp: '1749416383',
                type: 'text',
                text: { body: 'Does it come in another color?' },
              },
            ],
          },
          field: 'messages',
        },
      ],
    },
  ],
};

// Meta, "Text messages webhook reference", "Click to WhatsApp ad" example, VERBATIM: the shape of
// the `referral` object (source_url, source_id, source_type, body, headline, media_type, image_url,
// ctwa_clid, welcome_message; ctwa_clid is left out for WhatsApp Status ads).
// https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/text
// Updated: Oct 27, 2025 (stored copy; a May 21, 2026 version has the same syntax).
const adMessage = {
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
            contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: '16505551234' }],
            messages: [
              {
                referral: {
                  source_url: 'https://fb.me/3cr4Wqqkv',
                  source_id: '120226305854810726',
                  source_type: 'ad',
                  body: 'Summer Succulents are here!',
                  headline: 'Chat with us',
                  media_type: 'image',
                  image_url: 'https://scontent.xx.fbcdn.net/v/t45.1...',
                  ctwa_clid:
                    'Aff-n8ZTODiE79d22KtAwQKj9e_mIEOOj27vDVwFjN80dp4_0NiNhEgpGo0AHemvuSoifXaytfTzcchptiErTKCqTrJ5nW1h7IHYeYymGb5K5J5iTROpBhWAGaIAeUzHL50',
                  welcome_message: { text: 'Hi there! Let us know how we can help!' },
                },
                from: '16505551234',
                id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUQ0N0VFMDA2MTQ0RkJFNkNDNAA=',
                timestamp: '1750275992',
                text: { body: 'Can I get more info about this?' },
                type: 'text',
              },
            ],
          },
          field: 'messages',
        },
      ],
    },
  ],
};

// Meta, "Button messages webhook reference" (a quick-reply button of a template tapped), example VERBATIM.
// https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/reference/messages/button
// (the stored copy shows no "Updated" date).
const buttonMessage = {
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
            contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: '16505551234' }],
            messages: [
              {
                context: {
                  from: '15550783881',
                  id: 'wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA=',
                },
                from: '16505551234',
                id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=',
                timestamp: '1750091045',
                type: 'button',
                button: { payload: 'Unsubscribe', text: 'Unsubscribe' },
              },
            ],
          },
          field: 'messages',
        },
      ],
    },
  ],
};

// Meta, "Interactive reply buttons messages", "Example Webhook" VERBATIM.
// https://developers.facebook.com/docs/whatsapp/cloud-api/messages/interactive-reply-buttons-messages
// (the stored copy, (c) 2025, shows no "Updated" date).
const replyButtonMessage = {
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
            contacts: [{ profile: { name: 'Pablo Morales' }, wa_id: '16505551234' }],
            messages: [
              {
                context: { from: '15550783881', id: 'wamid.HBgLMTY0NjcwNDM1OTUVAgARGBJBM0Y4RUU0RUNFQkFDMjYzQUMA' },
                from: '16505551234',
                id: 'wamid.HBgLMTY0NjcwNDM1OTUVAgASGBQzQThBREYwNzc2RDc2QjA1QTIwMgA=',
                timestamp: '1714510003',
                type: 'interactive',
                interactive: { type: 'button_reply', button_reply: { id: 'change-button', title: 'Change' } },
              },
            ],
          },
          field: 'messages',
        },
      ],
    },
  ],
};

describe("Meta's inbound messages", () => {
  it('reads a text message: who sent it, to which number, when and what', () => {
    expect(textMessage.entry[0]!.changes[0]!.field).toBe('messages');
    expect(inboundMessagesOf(valueOf(textMessage))).toEqual([
      {
        messageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=',
        phoneNumberId: '106540352242922',
        from: '16505551234',
        profileName: 'Sheena Nelson',
        timestamp: '2025-06-08T20:59:43.000Z',
        type: 'text',
        text: 'Does it come in another color?',
      },
    ]);
  });

  it('reads a message without a phone number by its business-scoped user id', () => {
    expect(inboundMessagesOf(valueOf(bsuidMessage))).toEqual([
      {
        messageId: 'wamid...',
        phoneNumberId: '106540352242922',
        fromUserId: 'US.13491208655302741918',
        profileName: 'Sheena Nelson',
        timestamp: '2025-06-08T20:59:43.000Z',
        type: 'text',
        text: 'Does it come in another color?',
      },
    ]);
  });

  it('keeps the Click-to-WhatsApp ad a conversation started from', () => {
    const [report] = inboundMessagesOf(valueOf(adMessage));
    expect(report).toMatchObject({
      from: '16505551234',
      text: 'Can I get more info about this?',
      referral: {
        sourceType: 'ad',
        sourceId: '120226305854810726',
        sourceUrl: 'https://fb.me/3cr4Wqqkv',
        ctwaClid:
          'Aff-n8ZTODiE79d22KtAwQKj9e_mIEOOj27vDVwFjN80dp4_0NiNhEgpGo0AHemvuSoifXaytfTzcchptiErTKCqTrJ5nW1h7IHYeYymGb5K5J5iTROpBhWAGaIAeUzHL50',
      },
    });
    // A WhatsApp Status ad has no click id (the same page): the referral stands without it.
    const statusAd = structuredClone(valueOf(adMessage)) as { messages: { referral: Record<string, unknown> }[] };
    delete statusAd.messages[0]!.referral.ctwa_clid;
    expect(inboundMessagesOf(statusAd)[0]!.referral).toEqual({
      sourceType: 'ad',
      sourceId: '120226305854810726',
      sourceUrl: 'https://fb.me/3cr4Wqqkv',
    });
    expect(inboundMessagesOf(valueOf(textMessage))[0]).not.toHaveProperty('referral');
  });

  it("reads a tapped template button's and a reply button's title as the text", () => {
    expect(inboundMessagesOf(valueOf(buttonMessage))).toMatchObject([
      { type: 'button', text: 'Unsubscribe', from: '16505551234', timestamp: '2025-06-16T16:24:05.000Z' },
    ]);
    expect(inboundMessagesOf(valueOf(replyButtonMessage))).toMatchObject([
      { type: 'interactive', text: 'Change', profileName: 'Pablo Morales' },
    ]);
  });

  it('skips entries it cannot use and keeps the others', () => {
    const good = (valueOf(textMessage) as { messages: unknown[] }).messages[0] as Record<string, unknown>;
    const value = {
      ...(valueOf(textMessage) as object),
      messages: [
        null,
        'wamid.x',
        { ...good, id: undefined },
        { ...good, id: 'wamid.nobody', from: undefined },
        // Meta's 2025 BSUID design wrote "" for a phone it would not share.
        { ...good, id: 'wamid.empty', from: '' },
        { ...good, id: 'wamid.when', timestamp: 'yesterday' },
        { ...good, id: 'wamid.parts', text: { body: 42 }, referral: 'an ad' },
        good,
      ],
    };
    expect(inboundMessagesOf(value).map((r) => [r.messageId, r.text])).toEqual([
      ['wamid.parts', undefined],
      [good.id, 'Does it come in another color?'],
    ]);
  });

  it('reads nothing from a value without messages or without the business number', () => {
    for (const value of [
      null,
      'messages',
      { statuses: [] },
      { messages: (valueOf(textMessage) as { messages: unknown[] }).messages },
      { metadata: {}, messages: (valueOf(textMessage) as { messages: unknown[] }).messages },
    ])
      expect(inboundMessagesOf(value)).toEqual([]);
  });
});

describe('a recipient', () => {
  it("is a phone number or a BSUID in Meta's current format", () => {
    for (const ok of ['919876500001', '+16505551234', 'US.13491208655302741918', 'US.ENT.11815799212886844830'])
      expect(Recipient.safeParse(ok).success, ok).toBe(true);
    for (const bad of [
      'US.' + '1'.repeat(129),
      'us.13491208655302741918',
      'USA.1349',
      'US.',
      // Meta's 2025 design, replaced on 6 Feb 2026.
      'user.9373795779eb',
      '1234567',
    ])
      expect(Recipient.safeParse(bad).success, bad).toBe(false);
    expect(isBsuid('US.' + 'a1'.repeat(64))).toBe(true);
    expect(isBsuid('919876500001')).toBe(false);
  });
});
