import { describe, expect, it } from 'vitest';
import { projectApiMessages as m } from '@pc/contract';
import type { ApiTemplateRow } from './queries.js';
import { countryOfNumber } from './recipient.js';
import { categoryOf, componentsFor } from './template-shape.js';

/** A send's components as the Cloud API takes them, from the stored template and the request's values. */
const row = (over: Partial<ApiTemplateRow> = {}): ApiTemplateRow => ({
  name: 'payment_reminder',
  language: 'en',
  category: 'UTILITY',
  type: 'TEXT',
  status: 'APPROVED',
  body: 'Dear {{1}}, your payment of Rs {{2}} is due.',
  headerText: '',
  footerText: '',
  actionType: 'None',
  callToAction: [],
  quickReplies: [],
  sampleMediaUrl: '',
  ...over,
});

describe('componentsFor', () => {
  it('gives the body one text per parameter, in order; nothing for a template without any', () => {
    expect(componentsFor(row(), { name: 'x', language: 'en', parameters: ['Meena', '850'] })).toEqual({
      ok: true,
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Meena' },
            { type: 'text', text: '850' },
          ],
        },
      ],
    });
    expect(componentsFor(row({ body: 'Hello there, welcome!' }), { name: 'x', language: 'en' })).toEqual({
      ok: true,
      components: [],
    });
  });

  it('sends a media header with the given file, else the sample; a document as a document', () => {
    const image = row({ type: 'IMAGE', body: 'Hi!', sampleMediaUrl: 'https://console.example/api/files/1' });
    expect(componentsFor(image, { name: 'x', language: 'en' })).toMatchObject({
      components: [
        { type: 'header', parameters: [{ type: 'image', image: { link: 'https://console.example/api/files/1' } }] },
      ],
    });
    const file = row({ type: 'FILE', body: 'Hi!' });
    expect(componentsFor(file, { name: 'x', language: 'en', mediaUrl: 'https://cdn.example/i.pdf' })).toMatchObject({
      components: [
        { type: 'header', parameters: [{ type: 'document', document: { link: 'https://cdn.example/i.pdf' } }] },
      ],
    });
  });

  it('fills a dynamic URL button by its place among the buttons, and insists on its value', () => {
    const t = row({
      body: 'Hi!',
      actionType: 'CAT',
      callToAction: [
        { type: 'Phone Number', buttonTitle: 'Call us', buttonValue: '919876543210' },
        { type: 'URL', buttonTitle: 'Pay now', buttonValue: 'https://pay.example/{{1}}' },
      ],
    });
    expect(componentsFor(t, { name: 'x', language: 'en', urlParameter: 'SB-1077' })).toEqual({
      ok: true,
      components: [{ type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'SB-1077' }] }],
    });
    expect(componentsFor(t, { name: 'x', language: 'en' })).toEqual({
      ok: false,
      field: 'template.urlParameter',
      message: m.urlParameterMissing('payment_reminder'),
    });
  });

  it('refuses a location header, a wrong count and a parameter Meta would refuse', () => {
    expect(componentsFor(row({ type: 'LOCATION', body: 'Hi!' }), { name: 'x', language: 'en' })).toMatchObject({
      ok: false,
      message: m.locationHeader('payment_reminder'),
    });
    expect(componentsFor(row(), { name: 'x', language: 'en', parameters: ['a', 'b', 'c'] })).toMatchObject({
      ok: false,
      message: m.parameterCount('payment_reminder', 2, 3),
    });
    for (const bad of ['', '   ', 'a\tb', 'a\nb', 'a     b'])
      expect(componentsFor(row(), { name: 'x', language: 'en', parameters: ['ok', bad] })).toMatchObject({
        ok: false,
        field: 'template.parameters.1',
      });
    expect(componentsFor(row(), { name: 'x', language: 'en', parameters: ['ok', 'a    b'] }).ok).toBe(true);
  });
});

describe('the conversation category and country of a send', () => {
  it("is the template's category, in the charging's words", () => {
    expect(categoryOf({ category: 'UTILITY' })).toBe('utility');
    expect(categoryOf({ category: 'AUTHENTICATION' })).toBe('authentication');
    expect(categoryOf({ category: 'MARKETING' })).toBe('marketing');
  });

  it("is the number's country by its calling code and leading digits", () => {
    expect(countryOfNumber('919876543210')).toBe('IN');
    expect(countryOfNumber('14155550118')).toBe('US');
    expect(countryOfNumber('14165550123')).toBe('CA');
    expect(countryOfNumber('447400123456')).toBe('GB');
    expect(countryOfNumber('971501234567')).toBe('AE');
    expect(countryOfNumber('91987650')).toBeNull();
    expect(countryOfNumber('80012345678')).toBeNull();
    expect(countryOfNumber('99912345678')).toBeNull();
  });
});
