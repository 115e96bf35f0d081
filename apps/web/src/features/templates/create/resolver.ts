import { validateTemplate, type TemplateField } from '@pc/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';
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
] satisfies TemplateField[];

export const isTemplateField = (field: string): field is TemplateField => templateFields.includes(field);

/** The dialog field a failure is shown at. */
export const formFieldOf = (field: TemplateField) => shownAt(field) as Exclude<TemplateField, 'sample_text'>;

/**
 * The contract's validator as the form's resolver: the first failing rule, with the spec's
 * message, at its field (the same answer the server would give).
 */
export const templateResolver: Resolver<TemplateFormValues> = async (values) => {
  const verdict = validateTemplate(toTemplateInput(values), validationOptions());
  if (verdict.ok) return { values, errors: {} };
  const errors = { [formFieldOf(verdict.field)]: { type: `rule${verdict.rule}`, message: verdict.message } };
  return { values: {}, errors: errors as FieldErrors<TemplateFormValues> };
};
