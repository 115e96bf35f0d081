import { validateTemplate, type TemplateField } from '@pc/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { isApiError } from '../../../api/errors';
import { shownAt, toTemplateInput, type TemplateFormValues } from './form';

/** Sample media on this console's own storage is ours, so its origin is trusted (rule 9 rejects private hosts). */
export const validationOptions = () => ({ trustedMediaOrigins: [window.location.origin] });

const templateFields: readonly string[] = [
  'category',
  'type',
  'language',
  'name',
  'headerText',
  'footerText',
  'text',
  'templateParams',
  'sampleMediaUrl',
  'quick_replies',
  'call_to_action',
  'sampleCTAUrl',
  'sample_text',
  'authentication.otpType',
  'authentication.codeExpirationMinutes',
  'authentication.buttonText',
  'authentication.autofillText',
  'authentication.supportedApps',
  'authentication.zeroTapTermsAccepted',
] satisfies TemplateField[];

export const isTemplateField = (field: string): field is TemplateField => templateFields.includes(field);

/** The dialog's fields a 400 named (a newer rule than the browser's, a name taken), with the server's messages. */
export const serverFieldErrors = (error: unknown): [TemplateField, string][] =>
  (isApiError(error) && error.status === 400 ? Object.entries(error.fields ?? {}) : []).filter(
    (entry): entry is [TemplateField, string] => isTemplateField(entry[0]),
  );

/** The dialog field a failure is shown at (an `authentication.*` one is the form's nested path). */
export const formFieldOf = (field: TemplateField) => shownAt(field) as Exclude<TemplateField, 'sample_text'>;

/** The form's errors as the form keeps them: `authentication.otpType` under `authentication`. */
const nested = (field: string, error: { type: string; message: string }) => {
  const [head, tail] = field.split('.') as [string, string | undefined];
  return tail === undefined ? { [head]: error } : { [head]: { [tail]: error } };
};

/** The dialog fields that failed, in the validator's order (nested ones by their dotted path). */
export const failedFields = (errors: FieldErrors<TemplateFormValues>): TemplateField[] =>
  Object.entries(errors).flatMap(([key, value]) =>
    isTemplateField(key)
      ? [key]
      : Object.keys((value ?? {}) as object)
          .map((inner) => `${key}.${inner}`)
          .filter(isTemplateField),
  );

/**
 * The contract's validator as the form's resolver: the first failing rule, with the spec's
 * message, at its field (the same answer the server would give).
 */
export const templateResolver: Resolver<TemplateFormValues> = async (values) => {
  const verdict = validateTemplate(toTemplateInput(values), validationOptions());
  if (verdict.ok) return { values, errors: {} };
  const errors = nested(formFieldOf(verdict.field), { type: `rule${verdict.rule}`, message: verdict.message });
  return { values: {}, errors: errors as FieldErrors<TemplateFormValues> };
};
