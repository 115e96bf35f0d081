import { storedFromTemplate, validateTemplate, type Template } from '@pc/contract';
import { describe, expect, it } from 'vitest';
import {
  emptyAuthenticationForm,
  emptyTemplateForm,
  formOfTemplate,
  insertVariable,
  remapParams,
  toTemplateInput,
  type TemplateFormValues,
} from './form';

describe('remapParams', () => {
  it('renumbers in order and keeps each sample with its parameter', () => {
    expect(remapParams('Hi {{2}}, order {{1}}', ['order', 'name'])).toEqual({
      text: 'Hi {{1}}, order {{2}}',
      values: ['name', 'order'],
    });
  });

  it('drops the sample of a deleted parameter and starts a new one empty', () => {
    expect(remapParams('{{1}} and {{3}}', ['a', 'b', 'c'])).toEqual({ text: '{{1}} and {{2}}', values: ['a', 'c'] });
    expect(remapParams('{{4}} {{1}} {{name}}', ['a'])).toEqual({ text: '{{1}} {{2}} {{3}}', values: ['', 'a', ''] });
  });
});

describe('insertVariable', () => {
  it('puts the next number at the caret', () => {
    expect(insertVariable('Hello {{1}} there', 6)).toEqual({ raw: 'Hello {{2}}{{1}} there', caret: 11 });
  });
});

describe('toTemplateInput', () => {
  it('gives the validator a sample message it accepts', () => {
    const input = toTemplateInput({
      ...emptyTemplateForm,
      category: 'UTILITY',
      language: 'en',
      name: 'order_update',
      headerText: 'Order',
      text: 'Hello {{1}}, your order {{2}} has shipped today.',
      templateParams: ['Asha', 'A-12', 'left over'],
    });
    expect(input.sample_text).toBe('Hello Asha, your order A-12 has shipped today.');
    expect(validateTemplate(input).ok).toBe(true);
  });

  it('sends no header for a media template and no buttons of the other action type', () => {
    const input = toTemplateInput({
      ...emptyTemplateForm,
      type: 'IMAGE',
      headerText: 'left',
      message_action_type: 'None',
      quick_replies: ['Yes'],
    });
    expect(input.headerText).toBe('');
    expect(input.quick_replies).toEqual([]);
  });
});

/** A submitted template as the API answers it (the fields the dialog reads back). */
const loaded = (values: TemplateFormValues): Template => {
  const verdict = validateTemplate(toTemplateInput(values));
  if (!verdict.ok) throw new Error(`not valid: rule ${verdict.rule} ${verdict.message}`);
  const s = storedFromTemplate(verdict.template);
  const answered: Partial<Template> = {
    ...s,
    _id: 'tpl_1',
    status: 'DRAFT',
    category: s.category as Template['category'],
    type: s.type as Template['type'],
    actionType: s.actionType as Template['actionType'],
    sampleCTAUrl: s.sampleCtaUrl,
  };
  return answered as Template;
};

const zeroTap: TemplateFormValues = {
  ...emptyTemplateForm,
  category: 'AUTHENTICATION',
  language: 'en_US',
  name: 'login_code',
  authentication: {
    addSecurityRecommendation: true,
    codeExpirationMinutes: '10',
    otpType: 'ZERO_TAP',
    buttonText: 'Copy it',
    autofillText: '',
    supportedApps: [
      { packageName: 'com.example.luckyshrub', signatureHash: 'K8a/AINcGX7' },
      { packageName: 'com.example.other', signatureHash: 'AbCdEfGhIj=' },
    ],
    zeroTapTermsAccepted: true,
  },
};

describe('an authentication template', () => {
  it("is sent as text only with Meta's body, footer and sample, whatever else was typed", () => {
    const input = toTemplateInput({
      ...zeroTap,
      type: 'IMAGE',
      headerText: 'left',
      text: 'My own words {{1}}',
      templateParams: ['x'],
      footerText: 'mine',
      message_action_type: 'QuickReplies',
      quick_replies: ['Yes'],
      sampleMediaUrl: 'https://cdn.example/a.png',
    });
    expect(input).toMatchObject({
      type: 'TEXT',
      text: '*{{1}}* is your verification code. For your security, do not share this code.',
      sample_text: '*123456* is your verification code. For your security, do not share this code.',
      footerText: 'This code expires in 10 minutes.',
      headerText: '',
      message_action_type: 'None',
      quick_replies: [],
      sampleMediaUrl: '',
      authentication: { codeExpirationMinutes: 10, otpType: 'ZERO_TAP', zeroTapTermsAccepted: true },
    });
    const verdict = validateTemplate(input);
    expect(verdict.ok && verdict.template.text).toBe(input.text);
  });

  it('sends an empty expiry as none, and one that is not a number for the validator to refuse', () => {
    const minutes = (typed: string) =>
      toTemplateInput({ ...zeroTap, authentication: { ...zeroTap.authentication, codeExpirationMinutes: typed } })
        .authentication?.codeExpirationMinutes;
    expect(minutes(' ')).toBeNull();
    expect(minutes('90')).toBe(90);
    const input = toTemplateInput({
      ...zeroTap,
      authentication: { ...zeroTap.authentication, codeExpirationMinutes: '1.5' },
    });
    expect(input.footerText).toBe('');
    expect(validateTemplate(input)).toMatchObject({ ok: false, field: 'authentication.codeExpirationMinutes' });
  });

  it('comes back into the dialog as it was chosen, its text fields left empty (they are Meta’s)', () => {
    const back = formOfTemplate(loaded(zeroTap));
    expect(back).toEqual({ ...zeroTap, templateParams: [] });
    expect(toTemplateInput(back)).toEqual(toTemplateInput(zeroTap));
  });

  it('keeps what was typed for either kind when the category goes away and back', () => {
    const typed: TemplateFormValues = {
      ...zeroTap,
      type: 'IMAGE',
      text: 'Hello {{1}}, your appointment is confirmed for tomorrow morning.',
      templateParams: ['Asha'],
      sampleMediaUrl: 'https://cdn.example/a.png',
    };
    const utility = toTemplateInput({ ...typed, category: 'UTILITY' });
    expect(utility).toMatchObject({ type: 'IMAGE', text: typed.text, sampleMediaUrl: typed.sampleMediaUrl });
    expect(utility.authentication).toBeUndefined();
    expect(toTemplateInput({ ...typed, category: 'AUTHENTICATION' })).toEqual(toTemplateInput(zeroTap));
  });

  it('starts a new template with copy code, no expiry and one empty app to fill', () => {
    expect(emptyTemplateForm.authentication).toEqual(emptyAuthenticationForm);
    expect(emptyAuthenticationForm).toMatchObject({
      otpType: 'COPY_CODE',
      codeExpirationMinutes: '',
      supportedApps: [{ packageName: '', signatureHash: '' }],
    });
  });
});
