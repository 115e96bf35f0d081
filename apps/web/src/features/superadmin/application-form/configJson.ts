import { defaultApplicationFormConfig, type ApplicationFormConfig } from '@pc/contract';

/** The editor's text of a configuration: two-space indented JSON. */
export const configJson = (config: ApplicationFormConfig) => JSON.stringify(config, null, 2);

/**
 * The contract's default as the server reads it (modules/application-form/config.ts): the sample
 * media's paths on this server, in place of the default's placeholder host. The console is served
 * by the server it calls, so this page's origin is that server's.
 */
export const defaultConfigHere = (origin: string): ApplicationFormConfig => {
  const here = (url: string) => `${origin}${new URL(url).pathname}`;
  const { image, video, document } = defaultApplicationFormConfig.sampleMedia;
  return {
    ...defaultApplicationFormConfig,
    sampleMedia: { image: here(image), video: here(video), document: here(document) },
  };
};

export type Parsed = { ok: true; value: unknown } | { ok: false; reason: string };

/** The editor's text as JSON, or why it is not. */
export const parseConfigJson = (text: string): Parsed => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
};
