import { describe, expect, it } from 'vitest';
import { userPreferencesOf, USER_PREFERENCES_FIELD } from './inbound.js';

// A user's stop and resume of marketing messages, which Meta sends on a webhook field of its own
// (the users' messages themselves: inbound.test.ts).

/** The `value` of the first change of a webhook body, as meta-webhook.ts hands it over. */
const valueOf = (body: { entry: { changes: { value: unknown; field: string }[] }[] }) =>
  body.entry[0]!.changes[0]!.value;

// Meta, "user_preferences webhook reference", example VERBATIM.
// https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/user_preferences
// Updated: Nov 5, 2025 (a May 21 2026 version has the same syntax; research doc section 4.3).
const resumed = {
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
            contacts: [{ wa_id: '16505551234' }],
            user_preferences: [
              {
                wa_id: '16505551234',
                detail: 'User requested to resume marketing messages',
                category: 'marketing_messages',
                value: 'resume',
                timestamp: 1731705721,
              },
            ],
          },
          field: 'user_preferences',
        },
      ],
    },
  ],
};

/**
 * The same page's other value: `value` "stop" with `detail` "User requested to stop marketing
 * messages"; and, per the Business-scoped user IDs page (29 June 2026), the entry with `user_id`
 * (and `parent_user_id`) and no `wa_id` when the phone may not be shared.
 */
const preferencesValue = (entries: unknown[]) => ({
  messaging_product: 'whatsapp',
  metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
  user_preferences: entries,
});
const stop = {
  wa_id: '16505551234',
  detail: 'User requested to stop marketing messages',
  category: 'marketing_messages',
  value: 'stop',
  timestamp: 1731705721,
};

describe("Meta's user_preferences webhook", () => {
  it('is its own field', () => {
    expect(resumed.entry[0]!.changes[0]!.field).toBe(USER_PREFERENCES_FIELD);
  });

  it('reads a resume, and a stop, of marketing messages with when the user said it', () => {
    expect(userPreferencesOf(valueOf(resumed))).toEqual([
      {
        phoneNumberId: '106540352242922',
        waId: '16505551234',
        value: 'resume',
        category: 'marketing_messages',
        timestamp: '2024-11-15T21:22:01.000Z',
      },
    ]);
    expect(userPreferencesOf(preferencesValue([stop]))).toMatchObject([{ waId: '16505551234', value: 'stop' }]);
  });

  it('reads a user named only by the business-scoped user id', () => {
    const { wa_id: _phone, ...rest } = stop;
    const bsuid = { ...rest, user_id: 'US.13491208655302741918', parent_user_id: 'US.ENT.11815799212886844830' };
    expect(userPreferencesOf(preferencesValue([bsuid]))).toEqual([
      {
        phoneNumberId: '106540352242922',
        userId: 'US.13491208655302741918',
        value: 'stop',
        category: 'marketing_messages',
        timestamp: '2024-11-15T21:22:01.000Z',
      },
    ]);
  });

  it('skips entries of another value, category or shape', () => {
    const value = preferencesValue([
      { ...stop, value: 'interested' },
      { ...stop, category: 'utility_messages' },
      { ...stop, wa_id: undefined },
      { ...stop, timestamp: 'now' },
      7,
      { ...stop, timestamp: '1731705722' },
    ]);
    expect(userPreferencesOf(value)).toEqual([
      {
        phoneNumberId: '106540352242922',
        waId: '16505551234',
        value: 'stop',
        category: 'marketing_messages',
        timestamp: '2024-11-15T21:22:02.000Z',
      },
    ]);
    expect(userPreferencesOf({ user_preferences: [stop] })).toEqual([]);
    expect(userPreferencesOf(undefined)).toEqual([]);
  });
});
