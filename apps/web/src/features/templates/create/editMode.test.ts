import {
  storedFromTemplate,
  templateStatuses,
  validateTemplate,
  type Template,
  type TemplateFromMeta,
  type TemplateStatus,
} from '@pc/contract';
import { describe, expect, it } from 'vitest';
import { editableStatuses, editLocksOf, editNoteOf, isEditable } from './editMode';
import { emptyTemplateForm, formOfTemplate, toTemplateInput, type TemplateFormValues } from './form';

const quiet: TemplateFromMeta = {
  rejection: null,
  pause: null,
  disabledAt: null,
  flaggedAt: null,
  lockedAt: null,
  qualityScore: null,
  upcomingCategory: null,
};

/** A submitted template as the API answers it, from what the dialog sent. */
const answered = (values: TemplateFormValues, status: TemplateStatus, fromMeta: Partial<TemplateFromMeta> = {}) => {
  const verdict = validateTemplate(toTemplateInput(values), { trustedMediaOrigins: ['https://console.example'] });
  if (!verdict.ok) throw new Error(`not valid: rule ${verdict.rule} ${verdict.message}`);
  const s = storedFromTemplate(verdict.template);
  const template: Partial<Template> = {
    ...s,
    _id: 'tpl_1',
    status,
    category: s.category as Template['category'],
    type: s.type as Template['type'],
    actionType: s.actionType as Template['actionType'],
    sampleCTAUrl: s.sampleCtaUrl,
    fromMeta: { ...quiet, ...fromMeta },
  };
  return template as Template;
};

const banner: TemplateFormValues = {
  ...emptyTemplateForm,
  category: 'MARKETING',
  language: 'en_US',
  name: 'spring_menu',
  type: 'IMAGE',
  sampleMediaUrl: 'https://console.example/api/files/file_1',
  text: 'Hello {{1}}, our spring menu is here with fresh salads and warm wraps all week.',
  templateParams: ['Asha'],
  footerText: 'Pixel Foods',
  message_action_type: 'CAT',
  call_to_action: [
    { type: 'Phone Number', buttonTitle: 'Call us', buttonValue: '9876543210', extension: '91' },
    { type: 'URL', buttonTitle: 'Menu', buttonValue: 'https://pixel.example/menu', extension: '' },
  ],
};

describe('isEditable', () => {
  it('offers Edit for approved, rejected and paused templates only, as Meta edits them', () => {
    const offered = templateStatuses.filter((status) => isEditable(answered(banner, status)));
    expect(offered).toEqual(['APPROVED', 'REJECTED', 'PAUSED']);
    expect(offered).toEqual([...editableStatuses]);
  });

  it('never for a template Meta has locked', () => {
    expect(isEditable(answered(banner, 'APPROVED', { lockedAt: '2026-03-03T10:30:00.000Z' }))).toBe(false);
    expect(isEditable(answered(banner, 'REJECTED', { lockedAt: '2026-03-03T10:30:00.000Z' }))).toBe(false);
  });
});

describe('editLocksOf and editNoteOf', () => {
  it('keeps the name and language always, and an approved template’s category, each saying why', () => {
    expect(editLocksOf({ status: 'APPROVED' })).toEqual({
      name: 'Meta keeps a template’s name: it cannot be changed',
      language: 'Meta keeps a template’s language: it cannot be changed',
      category: 'Meta does not let an approved template change its category',
    });
    expect(editLocksOf({ status: 'REJECTED' }).category).toBeNull();
    expect(editLocksOf({ status: 'PAUSED' }).category).toBeNull();
  });

  it('notes Meta’s count of edits for an approved template only', () => {
    expect(editNoteOf({ status: 'APPROVED' })).toBe(
      'Meta allows an approved template to be edited once in 24 hours and 10 times in 30 days.',
    );
    expect(editNoteOf({ status: 'REJECTED' })).toBeNull();
    expect(editNoteOf({ status: 'PAUSED' })).toBeNull();
  });
});

describe('the edit form', () => {
  it('loads an approved media template as it was sent: its sample media, footer and buttons', () => {
    const form = formOfTemplate(answered(banner, 'APPROVED'));
    expect(form).toEqual(banner);
    expect(toTemplateInput({ ...form, footerText: 'Pixel Foods, Bengaluru' })).toEqual({
      ...toTemplateInput(banner),
      footerText: 'Pixel Foods, Bengaluru',
    });
  });

  it('loads an authentication template with its choices', () => {
    const login: TemplateFormValues = {
      ...emptyTemplateForm,
      category: 'AUTHENTICATION',
      language: 'en_US',
      name: 'login_code',
      authentication: {
        addSecurityRecommendation: true,
        codeExpirationMinutes: '10',
        otpType: 'ONE_TAP',
        buttonText: '',
        autofillText: 'Autofill',
        supportedApps: [{ packageName: 'com.example.app', signatureHash: 'K8a/AINcGX7' }],
        zeroTapTermsAccepted: false,
      },
    };
    const form = formOfTemplate(answered(login, 'REJECTED'));
    expect(form.authentication).toEqual(login.authentication);
    expect(toTemplateInput(form)).toEqual(toTemplateInput(login));
  });
});
