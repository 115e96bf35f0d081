import { flowsInTier, type AddonPlanSlot } from '@pc/contract';

/**
 * Ours: the Add-on plan list's labels, which the spec describes without exact words. The spec's
 * own text ('plan update failed') is `addonPlanTexts` in the contract.
 */
export const addonPageTexts = {
  help: 'What your projects pay for each add-on: the provider price plus your margin. Yearly prices are shown as their monthly equivalent.',
  plan: 'Plan',
  monthly: 'Monthly',
  yearly: 'Yearly',
  perMonth: (amount: string) => `${amount} a month`,
  perYear: (amount: string) => `${amount} a year`,
  standard: 'Standard',
  tier: (tier: keyof typeof flowsInTier) =>
    tier === 'Tier1' ? `Tier1 (first ${flowsInTier.Tier1} flows)` : `Tier2 (each further ${flowsInTier.Tier2} flows)`,
  slot: (slot: AddonPlanSlot) => `${slot.tier ? `${slot.tier} ` : ''}${slot.period}`,
  offered: 'Offered',
  notOffered: 'Not offered',
  edit: (name: string) => `Edit ${name} prices`,
  view: (name: string) => `View ${name} prices`,
  details: (name: string) => `${name} Plan`,
  empty: 'No add-ons to price yet: the add-ons you offer appear here.',
  loadFailed: 'Cannot fetch Aisensy Add-on Plans',
} as const;
