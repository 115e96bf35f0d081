import type { ApplicationFormConfig } from '@pc/contract';

/** The editor's text of a configuration: two-space indented JSON. */
export const configJson = (config: ApplicationFormConfig) => JSON.stringify(config, null, 2);

export type Parsed = { ok: true; value: unknown } | { ok: false; reason: string };

/** The editor's text as JSON, or why it is not. */
export const parseConfigJson = (text: string): Parsed => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
};
