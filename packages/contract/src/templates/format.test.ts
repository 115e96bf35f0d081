import { describe, expect, it } from 'vitest';
import { fromComponents, toComponents } from './components.js';
import {
  fillSample,
  formatWithButtons,
  joinPhone,
  paramCount,
  renumberParams,
  splitFormat,
  splitPhone,
} from './format.js';
import { loadTemplateForm, storedFromTemplate, templateFormOf } from './stored.js';
import { asLoaded, normalized } from './test-support.js';
import { validateTemplate } from './validate.js';

describe('parameters', () => {
  it('renumbers whatever is between double braces, in order', () => {
    expect(renumberParams('{{7}} a {{name}} b {{ 2 }} c {{}} {{1}}')).toBe('{{1}} a {{2}} b {{3}} c {{4}} {{5}}');
    expect(renumberParams('no params { here }')).toBe('no params { here }');
  });

  it('counts and fills {{n}}', () => {
    expect(paramCount('Hi {{1}}, order {{2}} of {{1}}')).toBe(3);
    expect(paramCount('Hi {{name}}')).toBe(0);
    expect(fillSample('Hi {{1}}, order {{2}} {{3}}', ['Asha', '{{1}}'])).toBe('Hi Asha, order {{1}} {{3}}');
  });
});

describe('phone numbers', () => {
  it('joins digits and splits past 10 digits', () => {
    expect(joinPhone('91', '9876543210')).toBe('919876543210');
    expect(joinPhone(undefined, '9876543210')).toBe('9876543210');
    expect(joinPhone('+1', '(555) 010-9999')).toBe('15550109999');
    expect(splitPhone('919876543210')).toEqual({ extension: '91', buttonValue: '9876543210' });
    expect(splitPhone('+15550109999')).toEqual({ extension: '1', buttonValue: '5550109999' });
    expect(splitPhone('9876543210')).toEqual({ extension: '', buttonValue: '9876543210' });
    expect(splitPhone('12345')).toEqual({ extension: '', buttonValue: '12345' });
  });
});

describe('the stored format', () => {
  const base = { text: 'Hi | there', callToAction: [], quickReplies: [] };

  it('appends the buttons as segments', () => {
    const ctas = [
      { type: 'URL', buttonTitle: 'Visit, now', buttonValue: 'https://x.com/{{1}}' },
      { type: 'Phone Number', buttonTitle: 'Call us', buttonValue: '9876543210', extension: '91' },
    ];
    const format = formatWithButtons({ ...base, actionType: 'CAT', callToAction: ctas });
    expect(format).toBe('Hi | there | [Visit, now,https://x.com/{{1}}] | [Call us,+919876543210]');
    expect(splitFormat(format)).toEqual({
      text: 'Hi | there',
      segments: [
        ['Visit, now', 'https://x.com/{{1}}'],
        ['Call us', '+919876543210'],
      ],
    });
    const replies = formatWithButtons({ ...base, actionType: 'QuickReplies', quickReplies: ['Yes', 'No, thanks'] });
    expect(replies).toBe('Hi | there | [Yes] | [No, thanks]');
    expect(splitFormat(replies).segments).toEqual([['Yes'], ['No, thanks']]);
  });

  it('is the body alone without buttons', () => {
    expect(formatWithButtons({ ...base, actionType: 'None', quickReplies: ['ignored'] })).toBe('Hi | there');
    expect(splitFormat('Hi | there')).toEqual({ text: 'Hi | there', segments: [] });
  });
});

describe("Meta's components", () => {
  it('builds header, body with examples, footer and buttons', () => {
    const t = normalized({
      type: 'FILE',
      sampleMediaUrl: 'https://cdn.example.com/a.pdf',
      message_action_type: 'CAT',
      call_to_action: [
        { type: 'URL', buttonTitle: 'Track', buttonValue: 'https://x.com/t/{{1}}' },
        { type: 'Phone Number', buttonTitle: 'Call', buttonValue: '9876543210', extension: '91' },
      ],
      sampleCTAUrl: 'https://x.com/t/42',
    });
    expect(toComponents(t)).toEqual([
      { type: 'HEADER', format: 'DOCUMENT', example: { header_handle: ['https://cdn.example.com/a.pdf'] } },
      {
        type: 'BODY',
        text: 'Hello {{1}}, your order {{2}} has shipped today and will arrive soon.',
        example: { body_text: [['Asha', '#123']] },
      },
      { type: 'FOOTER', text: 'Reply STOP to opt out' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'URL', text: 'Track', url: 'https://x.com/t/{{1}}', example: ['https://x.com/t/42'] },
          { type: 'PHONE_NUMBER', text: 'Call', phone_number: '+919876543210' },
        ],
      },
    ]);
  });

  it('writes text and location headers, quick replies, and no empty parts', () => {
    const text = normalized({
      text: 'Plain body here',
      templateParams: [],
      footerText: '',
      message_action_type: 'QuickReplies',
      quick_replies: ['Yes', 'No'],
    });
    expect(toComponents(text)).toEqual([
      { type: 'HEADER', format: 'TEXT', text: 'Order news' },
      { type: 'BODY', text: 'Plain body here' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Yes' },
          { type: 'QUICK_REPLY', text: 'No' },
        ],
      },
    ]);
    const location = normalized({ type: 'LOCATION', footerText: '' });
    expect(toComponents(location)[0]).toEqual({ type: 'HEADER', format: 'LOCATION' });
    expect(toComponents(normalized({ headerText: '' }))[0]?.type).toBe('BODY');
  });

  it('reads components back, by the first button kind', () => {
    const input = fromComponents({
      name: 'order_update',
      language: 'en',
      category: 'UTILITY',
      components: [
        { type: 'BODY', text: 'Hi {{1}}, your order is ready now', example: { body_text: [['Asha']] } },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'PHONE_NUMBER', text: 'Call', phone_number: '+919876543210' },
            { type: 'QUICK_REPLY', text: 'Ignored' },
          ],
        },
      ],
    });
    expect(input).toMatchObject({
      type: 'TEXT',
      headerText: '',
      sample_text: 'Hi Asha, your order is ready now',
      message_action_type: 'CAT',
      quick_replies: [],
      call_to_action: [{ type: 'Phone Number', buttonTitle: 'Call', extension: '91', buttonValue: '9876543210' }],
    });
    expect(validateTemplate(input).ok).toBe(true);
  });
});

describe('stored and loaded templates', () => {
  const t = normalized({
    message_action_type: 'CAT',
    call_to_action: [{ type: 'Phone Number', buttonTitle: 'Call', buttonValue: '919876543210' }],
  });

  it('stores phones joined, without a prefix', () => {
    const stored = storedFromTemplate(t);
    expect(stored.callToAction).toEqual([{ type: 'Phone Number', buttonTitle: 'Call', buttonValue: '919876543210' }]);
    expect(stored.format).toBe(`${t.text} | [Call,+919876543210]`);
    expect(stored.body).toBe(t.text);
  });

  it('loads them split into prefix and 10 digits', () => {
    const form = loadTemplateForm(asLoaded(storedFromTemplate(t)));
    expect(form.call_to_action).toEqual([
      { type: 'Phone Number', buttonTitle: 'Call', extension: '91', buttonValue: '9876543210' },
    ]);
    expect(form).toMatchObject({ text: t.text, sample_text: t.sampleText, message_action_type: 'CAT' });
    expect(templateFormOf(storedFromTemplate(t))).toEqual(form);
  });

  it('leaves a draft phone that is not a number as typed', () => {
    const draft = {
      ...storedFromTemplate(t),
      callToAction: [{ type: 'Phone Number', buttonTitle: 'C', buttonValue: 'abc' }],
    };
    expect(templateFormOf(draft).call_to_action).toEqual(draft.callToAction);
  });

  it("prefers a draft's own body to splitting its format", () => {
    const draft = { ...storedFromTemplate(t), body: 'Draft [with] | [brackets]', format: 'Draft [with] | [brackets]' };
    expect(loadTemplateForm(asLoaded(draft, true)).text).toBe('Draft [with] | [brackets]');
  });
});
