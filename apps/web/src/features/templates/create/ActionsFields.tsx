import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import {
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  IconButton,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Switch,
  TextField,
  Tooltip,
} from '@mui/material';
import {
  ctaButtonTypes,
  TEMPLATE_BUTTON_TITLE_MAX,
  TEMPLATE_CTA_MAX,
  TEMPLATE_QUICK_REPLIES_MAX,
  templateActionLabels,
  templateActionTypes,
  type CallToAction,
  type TemplateActionType,
} from '@pc/contract';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { templateTexts as t } from '../texts';
import type { TemplateFormValues } from './form';
import { useFieldError } from './useFieldError';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0,1fr)', sm: 'repeat(2, minmax(0,1fr))' } };

/** Form helpers for the array fields: each change re-judged once the dialog was submitted. */
const useSet = () => {
  const { setValue, formState } = useFormContext<TemplateFormValues>();
  return <K extends 'call_to_action' | 'quick_replies' | 'sampleCTAUrl' | 'isClickTrackingEnabled'>(
    name: K,
    value: TemplateFormValues[K],
  ) => setValue(name, value as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });
};

const otherType = (type: string) => (type === 'URL' ? 'Phone Number' : 'URL');

const CtaButton = ({ index, button, count }: { index: number; button: CallToAction; count: number }) => {
  const { getValues } = useFormContext<TemplateFormValues>();
  const set = useSet();
  const n = index + 1;
  const update = (patch: Partial<CallToAction>) =>
    set(
      'call_to_action',
      getValues('call_to_action').map((b, i) => (i === index ? { ...b, ...patch } : b)),
    );
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }} aria-label={`Button ${n}`} role="group">
      <Box sx={grid}>
        <TextField
          select
          label={t.buttonType(n)}
          value={button.type}
          onChange={(e) => update({ type: e.target.value, buttonValue: '', extension: '' })}
        >
          {ctaButtonTypes.map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t.buttonTitle(n)}
          value={button.buttonTitle}
          onChange={(e) => update({ buttonTitle: e.target.value })}
          helperText={`${button.buttonTitle.length}/${TEMPLATE_BUTTON_TITLE_MAX}`}
        />
      </Box>
      {button.type === 'Phone Number' ? (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0,1fr)', sm: 'minmax(0,140px) minmax(0,1fr)' },
          }}
        >
          <TextField
            label={t.buttonCountryCode(n)}
            value={button.extension ?? ''}
            onChange={(e) => update({ extension: e.target.value.replace(/[^\d]/g, '') })}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            placeholder="91"
          />
          <TextField
            label={t.buttonPhone(n)}
            value={button.buttonValue}
            onChange={(e) => update({ buttonValue: e.target.value })}
            slotProps={{ htmlInput: { inputMode: 'tel' } }}
          />
        </Box>
      ) : (
        <TextField
          label={t.buttonUrl(n)}
          value={button.buttonValue}
          onChange={(e) => update({ buttonValue: e.target.value })}
          helperText={t.buttonUrlHelper}
          slotProps={{ htmlInput: { inputMode: 'url' } }}
        />
      )}
      {count > 1 && (
        <Box>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={() =>
              set(
                'call_to_action',
                getValues('call_to_action').filter((_, i) => i !== index),
              )
            }
          >
            {t.removeButton(n)}
          </Button>
        </Box>
      )}
    </Paper>
  );
};

const CallToActions = () => {
  const { control, getValues } = useFormContext<TemplateFormValues>();
  const set = useSet();
  const buttons = useWatch({ control, name: 'call_to_action' });
  const sample = useWatch({ control, name: 'sampleCTAUrl' });
  const tracking = useWatch({ control, name: 'isClickTrackingEnabled' });
  const error = useFieldError('call_to_action');
  const sampleError = useFieldError('sampleCTAUrl');
  const url = buttons.find((b) => b.type === 'URL');
  const dynamic = Boolean(url?.buttonValue.includes('{{'));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box data-field="call_to_action" sx={{ display: 'grid', gap: 2 }}>
        {buttons.map((b, i) => (
          <CtaButton key={i} index={i} button={b} count={buttons.length} />
        ))}
        {error && <FormHelperText error>{error}</FormHelperText>}
        {buttons.length < TEMPLATE_CTA_MAX && (
          <Box>
            <Button
              size="small"
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={() => {
                const current = getValues('call_to_action');
                const type = current[0] ? otherType(current[0].type) : 'URL';
                set('call_to_action', [...current, { type, buttonTitle: '', buttonValue: '', extension: '' }]);
              }}
            >
              {t.addButton}
            </Button>
          </Box>
        )}
      </Box>
      {dynamic && (
        <TextField
          label={t.sampleCtaUrl}
          value={sample}
          onChange={(e) => set('sampleCTAUrl', e.target.value)}
          error={Boolean(sampleError)}
          helperText={sampleError ?? t.sampleCtaUrlHelper}
          data-field="sampleCTAUrl"
          slotProps={{ htmlInput: { inputMode: 'url' } }}
        />
      )}
      {url && (
        <FormControlLabel
          control={<Switch checked={tracking} onChange={(e) => set('isClickTrackingEnabled', e.target.checked)} />}
          label={t.clickTracking}
        />
      )}
    </Box>
  );
};

const QuickReplies = () => {
  const { control, getValues } = useFormContext<TemplateFormValues>();
  const set = useSet();
  const replies = useWatch({ control, name: 'quick_replies' });
  const error = useFieldError('quick_replies');
  const update = (index: number, value: string) =>
    set(
      'quick_replies',
      getValues('quick_replies').map((r, i) => (i === index ? value : r)),
    );
  return (
    <Box data-field="quick_replies" sx={{ display: 'grid', gap: 1.5 }}>
      {replies.map((reply, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', minWidth: 0 }}>
          <TextField
            label={t.quickReply(i + 1)}
            value={reply}
            onChange={(e) => update(i, e.target.value)}
            helperText={`${reply.length}/${TEMPLATE_BUTTON_TITLE_MAX}`}
            sx={{ flex: 1, minWidth: 0 }}
          />
          {replies.length > 1 && (
            <Tooltip title={t.removeQuickReply(i + 1)}>
              <IconButton
                aria-label={t.removeQuickReply(i + 1)}
                onClick={() =>
                  set(
                    'quick_replies',
                    getValues('quick_replies').filter((_, j) => j !== i),
                  )
                }
                sx={{ mt: 0.5 }}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ))}
      {error && <FormHelperText error>{error}</FormHelperText>}
      {replies.length < TEMPLATE_QUICK_REPLIES_MAX && (
        <Box>
          <Button
            size="small"
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => set('quick_replies', [...getValues('quick_replies'), ''])}
          >
            {t.addQuickReply}
          </Button>
        </Box>
      )}
    </Box>
  );
};

/** None, Call To Actions (up to 2 buttons) or Quick Replies (up to 3), doc 2 rules 10 to 12. */
export const ActionsFields = ({ onActionChange }: { onActionChange: (action: TemplateActionType) => void }) => {
  const { control } = useFormContext<TemplateFormValues>();
  const action = useWatch({ control, name: 'message_action_type' });
  const labelId = useId();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FormControl>
        <FormLabel id={labelId}>{t.interactiveActions}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={labelId}
          value={action}
          onChange={(e) => onActionChange(e.target.value as TemplateActionType)}
        >
          {templateActionTypes.map((a) => (
            <FormControlLabel key={a} value={a} control={<Radio />} label={templateActionLabels[a]} />
          ))}
        </RadioGroup>
      </FormControl>
      {action === 'CAT' && <CallToActions />}
      {action === 'QuickReplies' && <QuickReplies />}
    </Box>
  );
};
