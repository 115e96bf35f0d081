import { InputAdornment } from '@mui/material';
import { currencySymbol, type Currency, type PartnerFieldsForm } from '@pc/contract';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { FormSection } from '../../../ui/FormSection';
import { TextInput } from '../../../ui/TextInput';
import { fieldTexts as t } from './texts';

type Name = keyof PartnerFieldsForm;

type Props<T extends FieldValues> = {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** Inline errors show once a field was typed in or left. */
  shown: (name: Name) => boolean;
  currency: Currency;
};

/**
 * The partner's own fields, as the Create Partner and Edit dialogs share them: name, brand and
 * domain; quotas; minimum balance and partnership (money in currency units, as typed).
 */
export const PartnerFields = <T extends FieldValues>({ register, errors, shown, currency }: Props<T>) => {
  const field = (name: Name, label: string, extra: Partial<Parameters<typeof TextInput>[0]> = {}) => {
    const message = shown(name) ? (errors[name]?.message as string | undefined) : undefined;
    return (
      <TextInput
        autoComplete="off"
        {...extra}
        label={label}
        error={Boolean(message)}
        helperText={message ?? extra.helperText}
        {...register(name as Path<T>)}
      />
    );
  };
  const money = { startAdornment: <InputAdornment position="start">{currencySymbol(currency)}</InputAdornment> };
  const count = { inputMode: 'numeric' } as const;
  return (
    <>
      <FormSection title={t.partnerSection}>
        {field('name', t.name)}
        {field('brandName', t.brandName)}
        {field('customDomain', t.customDomain, { helperText: t.customDomainHint, sx: { gridColumn: '1 / -1' } })}
      </FormSection>
      <FormSection title={t.moneySection}>
        {field('minAllowedBalance', t.minAllowedBalance, { ...money, inputProps: { inputMode: 'decimal' } })}
        {field('partnershipFee', t.partnershipFee, { ...money, inputProps: { inputMode: 'decimal' } })}
        {field('partnershipRenewalOn', t.partnershipRenewalOn, { type: 'date', shrinkLabel: true })}
      </FormSection>
      <FormSection title={t.quotasSection}>
        {field('maxAgents', t.maxAgents, { inputProps: count })}
        {field('maxRoles', t.maxRoles, { inputProps: count })}
        {field('agentSize', t.agentSize, { inputProps: count })}
      </FormSection>
    </>
  );
};
