import { validateTemplate } from '@pc/contract';
import { describe, expect, it } from 'vitest';
import { emptyTemplateForm, insertVariable, remapParams, toTemplateInput } from './form';

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
