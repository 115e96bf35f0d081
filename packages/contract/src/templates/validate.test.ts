import { describe, expect, it } from 'vitest';
import type { TemplateInput } from './calls.js';
import { templateMessages as m } from './messages.js';
import { normalized, replies, url, cat, verdict } from './test-support.js';
import { nameInputProblem } from './validate.js';

const refused = (rule: number, message: string) => expect.objectContaining({ rule, message });

describe('rules 1 to 3: category, type, language', () => {
  it('refuses values outside the lists', () => {
    expect(verdict({ category: 'PROMOTION' })).toEqual({ rule: 1, field: 'category', message: m.selectCategory });
    expect(verdict({ category: '' })).toEqual(refused(1, 'Select template category'));
    expect(verdict({ category: 'utility' })).toEqual(refused(1, m.selectCategory));
    expect(verdict({ type: 'DOCUMENT' })).toEqual({ rule: 2, field: 'type', message: 'Select template type' });
    expect(verdict({ language: 'xx' })).toEqual({ rule: 3, field: 'language', message: 'Select template language' });
  });

  it('accepts every listed value', () => {
    for (const category of ['UTILITY', 'MARKETING']) expect(verdict({ category })).toBe('ok');
    const authentication = { otpType: 'COPY_CODE' };
    expect(verdict({ category: 'AUTHENTICATION', authentication })).toBe('ok');
    for (const type of ['TEXT', 'LOCATION']) expect(verdict({ type })).toBe('ok');
    for (const type of ['IMAGE', 'VIDEO', 'FILE'])
      expect(verdict({ type, sampleMediaUrl: 'https://cdn.example.com/a' })).toBe('ok');
    for (const language of ['en_US', 'pt_BR', 'zu']) expect(verdict({ language })).toBe('ok');
  });
});

describe('rule 4: the name', () => {
  it('lowercases it', () => {
    expect(normalized({ name: 'Order_Update_2' }).name).toBe('order_update_2');
  });

  it('refuses anything but lower case letters, digits and underscore', () => {
    const message = 'Only lower case alphabets, numbers and underscore is allowed for this field';
    for (const name of ['order update', 'order-update', 'café', ' order', 'order.update', 'ordér'])
      expect(verdict({ name }), name).toEqual({ rule: 4, field: 'name', message });
  });

  it('requires it and limits its length', () => {
    expect(verdict({ name: '' })).toEqual(
      refused(
        4,
        'Template name is required field, only alphanumeric characters & underscores without spaces are allowed.',
      ),
    );
    expect(verdict({ name: 'a'.repeat(513) })).toEqual(refused(4, m.nameTooLong));
    expect(verdict({ name: 'a'.repeat(512) })).toBe('ok');
  });

  it('tells the name field what was typed wrong, uppercase aside', () => {
    expect(nameInputProblem('Order_2')).toBeNull();
    expect(nameInputProblem('')).toBeNull();
    expect(nameInputProblem('order 2')).toBe(m.nameCharacters);
    expect(nameInputProblem('order-2')).toBe(m.nameCharacters);
  });
});

describe('rules 5 and 6: header and footer', () => {
  it('limits the header to 60 characters without parameters', () => {
    expect(verdict({ headerText: 'h'.repeat(61) })).toEqual({
      rule: 5,
      field: 'headerText',
      message: 'Template header length over 60 characters.',
    });
    expect(verdict({ headerText: 'Hi {{1}}' })).toEqual(refused(5, 'Template header cannot contain paramters'));
    expect(verdict({ headerText: 'h'.repeat(60) })).toBe('ok');
    expect(normalized({ headerText: '  News  ' }).headerText).toBe('News');
  });

  it('keeps a header for TEXT templates only', () => {
    const t = normalized({
      type: 'IMAGE',
      sampleMediaUrl: 'https://cdn.example.com/a.png',
      headerText: 'x'.repeat(90),
    });
    expect(t.headerText).toBe('');
    expect(normalized({ type: 'LOCATION', headerText: 'Visit {{1}}' }).headerText).toBe('');
  });

  it('holds the footer to the same limits', () => {
    expect(verdict({ footerText: 'f'.repeat(61) })).toEqual({ rule: 6, field: 'footerText', message: m.footerTooLong });
    expect(verdict({ footerText: 'Bye {{1}}' })).toEqual(refused(6, m.footerParams));
    expect(verdict({ footerText: 'f'.repeat(60) })).toBe('ok');
  });
});

describe('rule 7: the body', () => {
  it('requires it', () => {
    for (const text of ['', '   ', '\n'])
      expect(verdict({ text, templateParams: [] })).toEqual({
        rule: 7,
        field: 'text',
        message: 'Template format is required field',
      });
  });

  it('limits it to 1024 characters', () => {
    expect(verdict({ text: 'a'.repeat(1025), templateParams: [] })).toEqual(
      refused(7, 'Template format length over 1024 characters.'),
    );
    expect(verdict({ text: 'a'.repeat(1024), templateParams: [] })).toBe('ok');
  });

  it('refuses three consecutive newlines', () => {
    const message = 'Consecutive empty lines not allowed in template format';
    expect(verdict({ text: 'Hello there\n\n\nfriend', templateParams: [] })).toEqual(refused(7, message));
    expect(verdict({ text: 'Hello there\r\n\r\n\r\nfriend', templateParams: [] })).toEqual(refused(7, message));
    expect(verdict({ text: 'Hello there\n\nfriend', templateParams: [] })).toBe('ok');
  });

  it('needs at least 2 x parameters + 1 words besides the parameters', () => {
    expect(verdict({ text: 'Hello {{1}} friend', templateParams: ['A'] })).toEqual(refused(7, m.tooManyParams));
    expect(verdict({ text: 'Hi {{1}} {{2}} and you', templateParams: ['A', 'B'] })).toEqual(
      refused(7, m.tooManyParams),
    );
    expect(verdict({ text: 'Hello dear {{1}} friend', templateParams: ['A'] })).toBe('ok');
    expect(verdict({ text: 'a b c d {{1}} e {{2}}', templateParams: ['A', 'B'] })).toBe('ok');
  });

  it('refuses stray curly braces', () => {
    const message = 'Extra curly braces found in template format';
    for (const text of ['Price {x} is here now', 'Hi {{{1}}} you are here', 'Hi {{1} you are here', 'Hi } there'])
      expect(verdict({ text, templateParams: ['A'] }), text).toEqual(refused(7, message));
  });

  it('refuses square brackets', () => {
    expect(verdict({ text: 'See [link] here today', templateParams: [] })).toEqual(
      refused(7, "'[' or ']' aren't allowed in template format."),
    );
  });

  it('checks its sub-rules in the spec order', () => {
    const tooLong = `${'a '.repeat(520)}[x]\n\n\n{`;
    expect(verdict({ text: tooLong, templateParams: [] })).toEqual(refused(7, m.formatTooLong));
    expect(verdict({ text: 'a {{1}}\n\n\n[ {', templateParams: ['A'] })).toEqual(refused(7, m.consecutiveEmptyLines));
    expect(verdict({ text: 'a {{1}} [{', templateParams: ['A'] })).toEqual(refused(7, m.tooManyParams));
    expect(verdict({ text: 'a b c {{1}} [ {', templateParams: ['A'] })).toEqual(refused(7, m.extraCurlyBraces));
  });
});

describe('rule 8: parameters and their samples', () => {
  it('renumbers parameters in order of appearance', () => {
    const t = normalized({
      text: 'Hi {{7}} and {{name}} and {{ 2 }}, welcome to our store today',
      templateParams: ['A', 'B', 'C'],
    });
    expect(t.text).toBe('Hi {{1}} and {{2}} and {{3}}, welcome to our store today');
    expect(t.sampleText).toBe('Hi A and B and C, welcome to our store today');
  });

  it('needs a non-blank sample for each parameter and drops extra ones', () => {
    const message = 'Please provide sample values for all the paramters';
    expect(verdict({ templateParams: ['Asha'] })).toEqual({ rule: 8, field: 'templateParams', message });
    expect(verdict({ templateParams: ['Asha', '  '] })).toEqual(refused(8, message));
    expect(verdict({ templateParams: undefined })).toEqual(refused(8, message));
    expect(normalized({ templateParams: ['Asha', '#1', 'extra'] }).templateParams).toEqual(['Asha', '#1']);
  });
});

describe('rule 13: the sample message', () => {
  it('must be the body with the samples put in', () => {
    expect(verdict({ sample_text: 'Hello Asha' })).toEqual({
      rule: 13,
      field: 'sample_text',
      message: "Sample message doesn't match with template format",
    });
    expect(normalized({}).sampleText).toBe('Hello Asha, your order #123 has shipped today and will arrive soon.');
  });
});

describe('the order of the rules', () => {
  it('reports the first broken rule', () => {
    const broken: Partial<TemplateInput> = {
      category: 'X',
      type: 'X',
      language: 'X',
      name: 'Bad name',
      headerText: '{{1}}',
      footerText: '{{1}}',
      text: 'Hi [x]',
      templateParams: [],
      ...replies([]),
      sample_text: 'wrong',
    };
    const fixes: Partial<TemplateInput>[] = [
      { category: 'UTILITY' },
      { type: 'TEXT' },
      { language: 'en' },
      { name: 'good_name' },
      { headerText: '' },
      { footerText: '' },
      { text: 'Hello there {{1}} and welcome' },
      { templateParams: ['A'], type: 'IMAGE', sampleMediaUrl: 'http://10.0.0.1/a.png' },
      { sampleMediaUrl: 'https://cdn.example.com/a.png', name: 'shopify_cod_order_confirmation' },
      { name: 'good_name' },
      { quick_replies: ['Yes'] },
      { sample_text: 'Hello there A and welcome' },
    ];
    const rules = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13];
    let input = { ...broken };
    rules.forEach((rule, i) => {
      expect(verdict(input), `rule ${rule}`).toMatchObject({ rule });
      input = { ...input, ...fixes[i] };
    });
    expect(verdict(input)).toBe('ok');
  });

  it('reports rule 7 before the buttons of rules 11 and 12', () => {
    expect(verdict({ text: 'Hi [x]', ...replies([]) })).toEqual(refused(7, m.squareBrackets));
    expect(verdict({ text: 'Hi [x]', ...cat([url('nope'), url('nope')]) })).toEqual(refused(7, m.squareBrackets));
    expect(verdict(cat([url('nope'), url('nope')]))).toEqual(refused(12, m.ctaTooMany));
  });
});
