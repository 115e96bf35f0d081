import type { TemplateField } from '@pc/contract';
import { get, useFormState } from 'react-hook-form';
import type { TemplateFormValues } from './form';

/** The validator's (or the server's) message for one dialog field, if it is the one failing. */
export const useFieldError = (field: TemplateField): string | undefined => {
  const { errors } = useFormState<TemplateFormValues>();
  return (get(errors, field) as { message?: string } | undefined)?.message;
};
