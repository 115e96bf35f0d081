import { useFormContext } from 'react-hook-form';
import type { AuthenticationFormValues, TemplateFormValues } from './form';

/**
 * Sets one authentication choice; once the dialog was submitted the whole template is judged
 * again, since the validator answers one failure at a time and another choice may move it.
 */
export const useSetChoice = () => {
  const { setValue, trigger, formState } = useFormContext<TemplateFormValues>();
  const submitted = formState.isSubmitted;
  return <K extends keyof AuthenticationFormValues>(key: K, value: AuthenticationFormValues[K]) => {
    setValue(`authentication.${key}`, value as never, { shouldDirty: true });
    if (submitted) void trigger();
  };
};
