import { describe, expect, it } from 'vitest';
import { applicationFormMessages as m, applicationStepProblem, ApplicationForm } from './application-form.js';

const personal = { name: 'Asha Rao', number: '919876500001', email: 'asha@metro.example' };
const business = {
  entityName: 'Metro Health LLP',
  website: 'metro.example',
  businessVertical: 'Medical and Health',
  companySize: '50-200 employees',
  headquarters: 'India',
  addressLine1: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipCode: '560001',
  country: 'India',
};
const fb = { facebookPage: 'https://facebook.com/metro', businessManagerId: '1029384756', isManagerVerified: 'Yes' };
const wa = { whatsappNumber: '919876500002', displayName: 'Metro Clinics' };

describe('the application form steps (doc 2 section 5.6)', () => {
  it('accept a complete form', () => {
    for (const [i, v] of [personal, business, fb, wa].entries()) expect(applicationStepProblem(i, v)).toBeNull();
    expect(
      ApplicationForm.safeParse({
        personalDetails: personal,
        businessDetails: business,
        fbBusinessDetails: fb,
        whatsappAccountDetails: wa,
      }).success,
    ).toBe(true);
  });

  it.each([
    [0, { ...personal, name: ' ' }, m.name],
    [0, { ...personal, number: '98765-00001' }, m.number],
    [0, { ...personal, email: 'asha@' }, m.email],
    [1, { ...business, entityName: '' }, m.entityName],
    [1, { ...business, website: 'not a url' }, m.website],
    [1, { ...business, businessVertical: 'Mining' }, m.businessVertical],
    [1, { ...business, companySize: '7' }, m.companySize],
    [1, { ...business, headquarters: '' }, m.headquarters],
    [1, { ...business, addressLine1: '' }, m.addressLine1],
    [1, { ...business, city: '' }, m.city],
    [1, { ...business, state: '' }, m.state],
    [1, { ...business, zipCode: '' }, m.zipCode],
    [1, { ...business, country: '' }, m.country],
    [2, { ...fb, facebookPage: 'facebook' }, m.facebookPage],
    [2, { ...fb, businessManagerId: '' }, m.businessManagerId],
    [2, { ...fb, isManagerVerified: 'Maybe' }, m.isManagerVerified],
    [3, { ...wa, whatsappNumber: 'abc' }, m.whatsappNumber],
    [3, { ...wa, displayName: '' }, 'Please enter a FB Business Manager ID'],
  ] as const)('step %i: %j says %s', (step, values, message) => {
    expect(applicationStepProblem(step, values)).toBe(message);
  });

  it('says the spec message for a missing value too', () => {
    expect(applicationStepProblem(0, {})).toBe(m.name);
    expect(applicationStepProblem(0, { name: 'A', number: '919876500001' })).toBe(m.email);
    expect(applicationStepProblem(0, { name: 'A', email: 'a@b.example' })).toBe(m.number);
    expect(applicationStepProblem(1, { ...business, companySize: undefined })).toBe(m.companySize);
    expect(applicationStepProblem(2, { facebookPage: 'https://facebook.com/x', businessManagerId: '1' })).toBe(
      m.isManagerVerified,
    );
    expect(applicationStepProblem(3, { whatsappNumber: '919876500002' })).toBe(m.displayName);
  });

  it('says the first problem in the fields’ order, and takes addressLine2 as optional', () => {
    expect(applicationStepProblem(0, { name: '', number: 'x', email: 'y' })).toBe(m.name);
    expect(applicationStepProblem(1, { ...business, addressLine2: undefined })).toBeNull();
  });
});
