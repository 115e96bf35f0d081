import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';
import { CreatePartnerAgentRequest, EMAIL_PATTERN } from './team.js';

const valid = {
  name: 'Nina New',
  email: 'nina@acme.example',
  loginUsername: 'nina',
  loginPassword: 'Nina@1234',
  dialCode: '91',
  phoneNumber: '9876543',
  agentRole: 'Viewer',
};

/** The message the form shows for one changed field, or null when the form is valid. */
const errorFor = (change: Partial<Record<keyof typeof valid, unknown>>) => {
  const result = CreatePartnerAgentRequest.safeParse({ ...valid, ...change });
  return result.success ? null : result.error.issues[0]!.message;
};

describe('create member form', () => {
  it('accepts a complete member', () => {
    expect(errorFor({})).toBeNull();
  });

  it('needs a standard email ("Invalid email")', () => {
    expect(EMAIL_PATTERN.test('a.b+c@mail.example.co')).toBe(true);
    for (const email of [
      '',
      'nina',
      'nina@',
      'nina@acme',
      'nina@acme.c',
      'ni na@acme.example',
      '@acme.example',
      'a@b@c.com',
      `${'a'.repeat(250)}@acme.example`,
    ]) {
      expect(errorFor({ email }), email).toBe(messages.invalidEmail);
    }
  });

  it('refuses an empty user name or one in email format', () => {
    for (const loginUsername of ['', '   ', 'nina@acme.example', 'nina@'])
      expect(errorFor({ loginUsername }), loginUsername).toBe(messages.invalidUsername);
    expect(errorFor({ loginUsername: 'nina.k_2' })).toBeNull();
  });

  it('needs a phone number of at least 7 digits', () => {
    expect(errorFor({ phoneNumber: '123456' })).toBe(messages.phoneTooShort);
    expect(errorFor({ phoneNumber: '12345a7' })).toBe(messages.phoneTooShort);
    expect(errorFor({ phoneNumber: '' })).toBe(messages.phoneTooShort);
    expect(errorFor({ phoneNumber: '1234567' })).toBeNull();
  });

  it('needs a name, a password and a role', () => {
    expect(errorFor({ name: '  ' })).toBe(messages.nameRequired);
    expect(errorFor({ loginPassword: '' })).toBe(messages.passwordRequired);
    expect(errorFor({ agentRole: undefined })).toBe(messages.roleRequired);
  });
});
