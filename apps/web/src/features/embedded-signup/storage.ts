/**
 * This tab's sign-up with a partner, kept in sessionStorage: the id the page made for it (so a
 * double click or a retry of step 1 names the same sign-up) and, once created, its token. The page
 * sits in partners' iframes, where a browser may refuse storage: then it lives in memory only.
 */
export type StoredSignup = { signupId: string; signupToken?: string; assistantId?: string };

const memory = new Map<string, string>();
const keyOf = (partnerId: string) => `pc.embedded-signup.${partnerId}`;

const read = (key: string): string | null => {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
};
const write = (key: string, value: string | null) => {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    if (value === null) memory.delete(key);
    else memory.set(key, value);
  }
};

/** crypto.randomUUID needs a secure context; a page opened over plain http on a LAN still works. */
const newUuid = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export const readSignup = (partnerId: string): StoredSignup | null => {
  const raw = read(keyOf(partnerId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredSignup>;
    return typeof value.signupId === 'string' ? (value as StoredSignup) : null;
  } catch {
    return null;
  }
};

/** The sign-up's id, made once and then the same for every try of step 1. */
export const signupIdOf = (partnerId: string): string => {
  const stored = readSignup(partnerId);
  if (stored) return stored.signupId;
  const signupId = newUuid();
  write(keyOf(partnerId), JSON.stringify({ signupId }));
  return signupId;
};

export const saveSignup = (partnerId: string, signup: StoredSignup) => write(keyOf(partnerId), JSON.stringify(signup));

export const clearSignup = (partnerId: string) => write(keyOf(partnerId), null);
