import { DEFAULT_TIMEZONE } from './constants.js';

/**
 * A business's time zone as the console keeps it: the IANA name and its GMT offset when chosen, as
 * the spec writes the default ("Asia/Calcutta GMT+05:30"). Any zone the runtime's time zone database
 * knows is accepted (Node and the browsers ship the whole IANA database), and the bare "GMT+05:00" an
 * older form of the wizard offered; the offset is a label only (it changes with summer time).
 */

/** "GMT+05:45" of `zone` at `at` ("GMT+00:00" for UTC itself, which Intl writes as a bare "GMT"). */
export const gmtOffsetOf = (zone: string, at: Date): string => {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return !name || name === 'GMT' ? 'GMT+00:00' : name;
};

/** Whether the runtime knows the IANA name (aliases such as Asia/Calcutta included). */
const knownZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const OFFSET = /^GMT[+-]\d{2}:\d{2}$/;

/** "Europe/Paris GMT+01:00", "Europe/Paris", or an offset alone: "GMT+05:00". */
export const isBusinessTimezone = (value: string): boolean => {
  const [zone, offset, ...rest] = value.trim().split(/\s+/);
  if (!zone || rest.length) return false;
  if (offset === undefined && OFFSET.test(zone)) return true;
  return (offset === undefined || OFFSET.test(offset)) && !/^GMT[+-]/.test(zone) && knownZone(zone);
};

/**
 * The wizard's choices: the spec's default first, then every zone of the runtime's database
 * (Intl.supportedValuesOf: Nepal's +05:45 and Australia/Darwin's +09:30 among them), each with its
 * offset now. The runtimes name some zones by their older names (Asia/Calcutta, Asia/Katmandu).
 */
export const businessTimezoneChoices = (at: Date = new Date()): string[] => [
  ...new Set([
    DEFAULT_TIMEZONE,
    ...Intl.supportedValuesOf('timeZone').map((zone) => `${zone} ${gmtOffsetOf(zone, at)}`),
  ]),
];
