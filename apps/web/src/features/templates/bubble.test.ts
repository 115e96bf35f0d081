import type { Template, TemplateInput } from '@pc/contract';
import { describe, expect, it } from 'vitest';
import { bubbleOfInput, bubbleOfTemplate } from './bubble';

const input = {
  category: 'UTILITY',
  type: 'IMAGE',
  language: 'en',
  name: 'x',
  text: 'Hi {{name}}, order {{2}} is ready',
  sample_text: '',
  message_action_type: 'CAT',
  call_to_action: [
    { type: 'URL', buttonTitle: 'Track', buttonValue: 'https://x.example/{{1}}' },
    { type: 'Phone Number', buttonTitle: 'Call', buttonValue: '9876543210', extension: '91' },
  ],
  quick_replies: ['left over'],
  headerText: 'not shown for an image',
  templateParams: ['Asha', ''],
  sampleMediaUrl: 'https://cdn.example/a.png',
};

describe('bubbleOfInput', () => {
  it('shows the samples typed so far, {{n}} for the rest, and the buttons of the chosen action type', () => {
    expect(bubbleOfInput(input)).toEqual({
      type: 'IMAGE',
      headerText: '',
      mediaUrl: 'https://cdn.example/a.png',
      body: 'Hi Asha, order {{2}} is ready',
      footer: '',
      buttons: [
        { kind: 'url', title: 'Track' },
        { kind: 'phone', title: 'Call' },
      ],
      note: '',
    });
  });
});

const authentication = (over: Partial<NonNullable<TemplateInput['authentication']>> = {}): TemplateInput => ({
  ...input,
  category: 'AUTHENTICATION',
  type: 'TEXT',
  language: 'en_US',
  authentication: { otpType: 'COPY_CODE', addSecurityRecommendation: true, codeExpirationMinutes: 10, ...over },
});

describe('an authentication bubble', () => {
  it("shows Meta's body with the sample code in bold, the expiry footer and the copy code button", () => {
    expect(bubbleOfInput(authentication())).toEqual({
      type: 'TEXT',
      headerText: '',
      mediaUrl: '',
      body: '*123456* is your verification code. For your security, do not share this code.',
      footer: 'This code expires in 10 minutes.',
      buttons: [{ kind: 'copy', title: 'Copy code' }],
      note: '',
    });
  });

  it('shows Autofill for one-tap and zero-tap, a text of its own when typed, and no footer without a valid expiry', () => {
    const oneTap = bubbleOfInput(authentication({ otpType: 'ONE_TAP', codeExpirationMinutes: null }));
    expect(oneTap.buttons).toEqual([{ kind: 'autofill', title: 'Autofill' }]);
    expect(oneTap.footer).toBe('');
    const zeroTap = bubbleOfInput(
      authentication({ otpType: 'ZERO_TAP', autofillText: ' Fill in ', codeExpirationMinutes: 1.5 }),
    );
    expect(zeroTap.buttons).toEqual([{ kind: 'autofill', title: 'Fill in' }]);
    expect(zeroTap.footer).toBe('');
  });

  it("shows Meta's Spanish, and the English with a note for a language Meta did not publish", () => {
    const spanish = bubbleOfInput({ ...authentication(), language: 'es_ES' });
    expect(spanish.body).toBe('Tu código de verificación es *123456*. Por tu seguridad, no lo compartas.');
    expect(spanish.buttons).toEqual([{ kind: 'copy', title: 'Copiar código' }]);
    expect(spanish.note).toBe('');
    const hindi = bubbleOfInput({ ...authentication(), language: 'hi' });
    expect(hindi.body).toContain('is your verification code.');
    expect(hindi.note).toContain('Meta writes this message in Hindi');
  });

  it("of a stored template reads Meta's own text once it is read back, and then needs no note", () => {
    const stored = {
      category: 'AUTHENTICATION',
      type: 'TEXT',
      language: 'hi',
      footerText: 'यह कोड 10 मिनट में समाप्त हो जाएगा।',
      sampleMessage: '*123456* आपका वेरिफ़िकेशन कोड है।',
      authentication: {
        otpType: 'ONE_TAP',
        addSecurityRecommendation: false,
        codeExpirationMinutes: 10,
        buttonText: '',
        autofillText: '',
        supportedApps: [{ packageName: 'com.example.app', signatureHash: 'K8a/AINcGX7' }],
        zeroTapTermsAccepted: false,
      },
    } as Partial<Template> as Template;
    expect(bubbleOfTemplate(stored)).toMatchObject({
      body: stored.sampleMessage,
      footer: stored.footerText,
      buttons: [{ kind: 'autofill', title: 'Autofill' }],
      note: '',
    });
    const english = { ...stored, sampleMessage: '*123456* is your verification code.' };
    expect(bubbleOfTemplate(english).note).toContain('Hindi');
  });
});
