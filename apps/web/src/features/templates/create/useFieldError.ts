import type { TemplateField } from '@pc/contract';
import { useFormState } from 'react-hook-form';
import type { TemplateFormValues } from './form';

type Errors = Partial<Record<string, { message?: string }>>;

/** The validator's (or the server's) message for one dialog field, if it is the one failing. */
export const useFieldError = (field: TemplateField): string | undefined => {
  const { errors } = useFormState<TemplateFormValues>();
  return (errors as Errors)[field]?.message;
};
