import { CreditAmount, toUnits } from '@pc/contract';

/**
 * What a credit dialog makes of the amount typed in currency units: the units to send (times
 * 100000), `notPositive` when it is no number greater than 0 (the dialog's own text, doc 2 section
 * 5.3), or `invalidCredit` when it is greater than 0 but the calls would refuse it (finer than
 * 1/100000, above the largest change): their 'Invalid Amount' (doc 3 sections 5 and 8).
 */
export const creditEntry = (text: string): number | 'notPositive' | 'invalidCredit' => {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) return 'notPositive';
  try {
    const units = toUnits(text);
    return CreditAmount.safeParse(units).success ? units : 'invalidCredit';
  } catch {
    return 'invalidCredit';
  }
};
