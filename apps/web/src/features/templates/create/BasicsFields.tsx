import { Autocomplete, Box, MenuItem, TextField } from '@mui/material';
import {
  nameInputProblem,
  templateCategories,
  templateLanguages,
  templateTypeLabels,
  templateTypes,
} from '@pc/contract';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { templateTexts as t } from '../texts';
import type { EditLocks } from './editMode';
import { isAuthentication, type TemplateFormValues } from './form';
import { useFieldError } from './useFieldError';

type Language = (typeof templateLanguages)[number];

const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0,1fr)', sm: 'repeat(2, minmax(0,1fr))' },
};

type Props = {
  onTypeChange: (type: string) => void;
  /** Editing with Meta: the fields Meta keeps, disabled with why. */
  locks?: EditLocks | undefined;
};

/** Category, language, name and type: the template's identity (doc 2 rules 1 to 4). */
export const BasicsFields = ({ onTypeChange, locks }: Props) => {
  const { control } = useFormContext<TemplateFormValues>();
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  // An authentication template is text only; the type chosen for another category is kept for it.
  const textOnly = isAuthentication({ category: useWatch({ control, name: 'category' }) });
  const errors = {
    category: useFieldError('category'),
    language: useFieldError('language'),
    name: useFieldError('name'),
    type: useFieldError('type'),
  };
  return (
    <Box sx={twoColumns}>
      <Controller
        control={control}
        name="category"
        render={({ field }) => (
          <TextField
            select
            label={t.category}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={Boolean(locks?.category)}
            error={Boolean(errors.category)}
            helperText={errors.category ?? locks?.category}
            data-field="category"
          >
            {templateCategories.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="language"
        render={({ field }) => (
          <Autocomplete<Language, false, false, false>
            options={templateLanguages}
            value={templateLanguages.find(([code]) => code === field.value) ?? null}
            onChange={(_, option) => field.onChange(option?.[0] ?? '')}
            onBlur={field.onBlur}
            getOptionLabel={([code, name]) => `${name} (${code})`}
            isOptionEqualToValue={(a, b) => a[0] === b[0]}
            noOptionsText={t.noLanguage}
            disabled={Boolean(locks)}
            autoHighlight
            data-field="language"
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label={t.language}
                error={Boolean(errors.language)}
                helperText={errors.language ?? locks?.language}
              />
            )}
          />
        )}
      />
      <Controller
        control={control}
        name="name"
        render={({ field }) => (
          <TextField
            label={t.name}
            value={field.value}
            onChange={(e) => {
              // The name is lowercased as it is typed; any other character outside [a-z0-9_] is pointed out at once.
              setNameProblem(nameInputProblem(e.target.value));
              field.onChange(e.target.value.toLowerCase());
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={Boolean(locks)}
            error={Boolean(nameProblem ?? errors.name)}
            helperText={nameProblem ?? errors.name ?? locks?.name ?? t.nameHelper}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
            data-field="name"
          />
        )}
      />
      <Controller
        control={control}
        name="type"
        render={({ field }) => (
          <TextField
            select
            label={t.type}
            value={textOnly ? 'TEXT' : field.value}
            disabled={textOnly}
            onChange={(e) => {
              if (e.target.value !== field.value) onTypeChange(e.target.value);
              field.onChange(e.target.value);
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(errors.type)}
            helperText={errors.type ?? (textOnly ? t.authenticationType : undefined)}
            data-field="type"
          >
            {templateTypes.map((type) => (
              <MenuItem key={type} value={type}>
                {templateTypeLabels[type]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Box>
  );
};
