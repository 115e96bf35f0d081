import { describe, expect, it } from 'vitest';
import { addonLabel } from './addon-plans.js';

describe('addonLabel', () => {
  it("reads an add-on's key as words, the API's key unchanged", () => {
    expect(addonLabel('FLOW_BUILDER')).toBe('Flow Builder');
    expect(addonLabel('WHATSAPP_PAY')).toBe('WhatsApp Pay');
    expect(addonLabel('WEBHOOKS')).toBe('Webhooks');
    expect(addonLabel('CHAT_WIDGET_API')).toBe('Chat Widget API');
  });
});
