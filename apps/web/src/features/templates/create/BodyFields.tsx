import AddIcon from '@mui/icons-material/Add';
import { Box, Button, FormHelperText, TextField, Typography } from '@mui/material';
import { TEMPLATE_BODY_MAX, TEMPLATE_FOOTER_MAX, TEMPLATE_HEADER_MAX } from '@pc/contract';
import { useLayoutEffect, useRef, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { templateTexts as t } from '../texts';
import { caretAfterRenumber, insertVariable, remapParams, type TemplateFormValues } from './form';
import { useFieldError } from './useFieldError';

const counter = (value: string, max: number) => `${value.length}/${max}`;

/** The body: typed text renumbered as it changes, the caret kept in place, each sample following its parameter. */
const FormatField = () => {
  const { control, getValues, setValue, formState } = useFormContext<TemplateFormValues>();
  const error = useFieldError('text');
  const text = useWatch({ control, name: 'text' });
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  const [caret, setCaret] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (caret === null || !inputRef.current) return;
    inputRef.current.setSelectionRange(caret, caret);
    setCaret(null);
  }, [caret]);

  const change = (raw: string, at: number | null, focus = false) => {
    const { text: renumbered, values } = remapParams(raw, getValues('templateParams'));
    const validate = formState.isSubmitted;
    setValue('templateParams', values, { shouldDirty: true });
    setValue('text', renumbered, { shouldDirty: true, shouldValidate: validate });
    if (focus) inputRef.current?.focus();
    if (at !== null && (renumbered !== raw || focus)) setCaret(caretAfterRenumber(raw, at));
  };

  return (
    <Box data-field="text" sx={{ display: 'grid', gap: 1 }}>
      <Controller
        control={control}
        name="text"
        render={({ field }) => (
          <TextField
            label={t.format}
            multiline
            minRows={4}
            maxRows={14}
            value={field.value}
            onChange={(e) => change(e.target.value, (e.target as HTMLTextAreaElement).selectionStart)}
            onBlur={field.onBlur}
            inputRef={(el: HTMLTextAreaElement | null) => {
              inputRef.current = el;
              field.ref(el);
            }}
            error={Boolean(error)}
            helperText={error ?? `${t.formatHelper} ${counter(text, TEMPLATE_BODY_MAX)}`}
          />
        )}
      />
      <Box>
        <Button
          size="small"
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => {
            const el = inputRef.current;
            const at = el && document.activeElement === el ? el.selectionStart : text.length;
            const next = insertVariable(text, at);
            change(next.raw, next.caret, true);
          }}
        >
          {t.addVariable}
        </Button>
      </Box>
    </Box>
  );
};

/** One input per {{n}} of the body (doc 2 rule 8). */
const SampleValues = () => {
  const { control, setValue, getValues, formState } = useFormContext<TemplateFormValues>();
  const values = useWatch({ control, name: 'templateParams' });
  const error = useFieldError('templateParams');
  return (
    <Box component="section" aria-label={t.samples} data-field="templateParams">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t.samples}
      </Typography>
      {values.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t.noVariables}
        </Typography>
      ) : (
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0,1fr)', sm: 'repeat(2, minmax(0,1fr))' } }}
        >
          {values.map((value, i) => (
            <TextField
              key={i}
              label={t.sampleValue(i + 1)}
              value={value}
              error={Boolean(error) && value.trim() === ''}
              onChange={(e) => {
                const next = [...getValues('templateParams')];
                next[i] = e.target.value;
                setValue('templateParams', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
              }}
            />
          ))}
        </Box>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
};

const EdgeField = ({
  name,
  label,
  helper,
  max,
}: {
  name: 'headerText' | 'footerText';
  label: string;
  helper: string;
  max: number;
}) => {
  const { control } = useFormContext<TemplateFormValues>();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          label={label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(error)}
          helperText={error ?? `${helper} (${counter(field.value, max)})`}
          data-field={name}
        />
      )}
    />
  );
};

/** Header text (TEXT templates only), the format, its sample values and the footer. */
export const BodyFields = () => {
  const { control } = useFormContext<TemplateFormValues>();
  const type = useWatch({ control, name: 'type' });
  return (
    <>
      {type === 'TEXT' && (
        <EdgeField name="headerText" label={t.headerText} helper={t.headerHelper} max={TEMPLATE_HEADER_MAX} />
      )}
      <FormatField />
      <SampleValues />
      <EdgeField name="footerText" label={t.footerText} helper={t.footerHelper} max={TEMPLATE_FOOTER_MAX} />
    </>
  );
};
