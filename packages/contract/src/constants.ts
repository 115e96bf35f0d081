/** Constants of spec doc 1 section 9 that the console and server share. */
export const DEFAULT_ROLE_QUOTA = 5;
export const DEFAULT_MEMBER_QUOTA = 10;
export const DEFAULT_PAGE_SIZE = 10;
export const BUSINESS_PAGE_SIZE = 25;
export const PROJECTS_PAGE_SIZE = 15;

export const breakpoints = { xs: 0, sm: 767, md: 959, lg: 1599, xl: 1920 } as const;

/** Snackbars auto-hide after 3 s in most areas, 4 s on tickets, embed pages, the Defaults tab and sign-up. */
export const SNACKBAR_HIDE_MS = 3000;
export const SNACKBAR_HIDE_LONG_MS = 4000;

export const RESET_MAIL_LOCK_MS = 300000;
export const DEFAULT_TIMEZONE = 'Asia/Calcutta GMT+05:30';
export const DEFAULT_DIAL_CODE = '+91';
export const DEFAULT_COUNTRY = 'IN';

/** Member search: fuzzy on name (doc 1 section 5). */
export const MEMBER_SEARCH = { threshold: 0.6, minMatchCharLength: 1 } as const;

/** Low-balance banner thresholds, in currency units (doc 1 section 9). */
export const LOW_BALANCE_THRESHOLD = { USD: 48, INR: 3000 } as const;
export const RENEWAL_WARNING_DAYS = 10;
export const PHONE_MIN_LENGTH = 7;

/**
 * Unread notifications are counted up to this many; the bell shows "99+" beyond. Not the spec's: here
 * rather than beside the count's schema, so the shell's code builds no schema to read it.
 */
export const NOTIFICATION_UNREAD_CAP = 100;
