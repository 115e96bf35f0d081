/**
 * What Meta's onboarding errors mean and how to fix them (the "onboarding doctor", ours; Meta's own
 * texts are terse). Keyed by code, then subcode; anything else gets Meta's own message and the
 * general advice.
 */
export type MetaErrorHelp = { meaning: string; fix: string };

const general: MetaErrorHelp = {
  meaning: 'Meta refused the call.',
  fix: "Run the health check and follow what it says; if that does not help, contact support with Meta's trace id.",
};

const bySubcode: Record<string, MetaErrorHelp> = {
  '100/33': {
    meaning: 'The WhatsApp Business Account ID is wrong, or the platform is not allowed to use it.',
    fix: 'Onboard the number again with a new WhatsApp Business Account ID.',
  },
  '100/2388112': {
    meaning: "The number's WhatsApp Business Account is not shared with the platform.",
    fix: 'Run the health check, then connect the number again (embedded sign-up, or the migration link for a migrated number).',
  },
  '133006/2494081': {
    meaning: 'Meta needs the number verified again before it can be registered.',
    fix: 'Request a code by SMS or voice call, enter it, then register the number.',
  },
  '136024/2388091': {
    meaning: 'Meta could not finish registering the number this time.',
    fix: 'Register the number again, run the health check, then sync the channel status.',
  },
};

const byCode: Record<number, MetaErrorHelp> = {
  100: { meaning: 'Meta refused a parameter of the call.', fix: general.fix },
  133005: {
    meaning: 'Two-step verification is on for this number with a different PIN.',
    fix: 'Turn off two-step verification for the number in WhatsApp Manager, then register it again.',
  },
  133006: bySubcode['133006/2494081']!,
  133010: { meaning: 'The number is not registered on WhatsApp.', fix: 'Register the number.' },
  133016: {
    meaning: 'Too many registrations of this number: Meta allows 10 in 72 hours.',
    fix: 'Wait until the countdown ends (the oldest attempt leaves the 72-hour window), then register once.',
  },
  136024: bySubcode['136024/2388091']!,
  136025: {
    meaning: 'The code was wrong, or it has expired.',
    fix: 'Request a new code and enter it within 10 minutes.',
  },
};

export const metaErrorHelp = (code: number, subcode: number | null): MetaErrorHelp =>
  (subcode !== null ? bySubcode[`${code}/${subcode}`] : undefined) ?? byCode[code] ?? general;
