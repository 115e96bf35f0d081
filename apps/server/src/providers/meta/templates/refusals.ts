import type { TemplateComponent } from '@pc/contract';
import { MetaApiError } from '../graph-error.js';

/**
 * The shapes of Meta's synchronous refusals on `POST /{WABA_ID}/message_templates` (HTTP 400,
 * code 100), shared by the sandbox's checks (checks.ts, checks-authentication.ts).
 */

/** Code 100 "Invalid parameter": Meta's answer to malformed components, with a detail saying what. */
export const invalid = (detail: string, subcode?: number, title?: string) =>
  new MetaApiError(400, 100, subcode, 'Invalid parameter', title, detail);

/** Graph's answer to a value outside an enum, e.g. `(#100) Param category must be one of {...} - got "PROMO".` */
export const notOneOf = (param: string, allowed: readonly string[], got: string) =>
  new MetaApiError(400, 100, undefined, `(#100) Param ${param} must be one of {${allowed.join(', ')}} - got "${got}".`);

/** 2388043: a parameter without its example value, or a media header without its sample handle. */
export const missingExample = (type: TemplateComponent['type']) =>
  invalid(
    `component of type ${type} is missing expected field(s) (example)`,
    2388043,
    'Message template "components" param is missing expected field(s)',
  );

/**
 * 2388042 "component of type BODY has unexpected field(s) (text)": what integrators saw when they
 * sent an authentication template's BODY with text (docs/research/meta-templates.md §2.4, a
 * third-party note, not a Meta page; Meta's title for it is not known, so none is given). The same
 * shape answers other fields Meta does not take on a component.
 */
export const unexpectedFields = (type: TemplateComponent['type'], fields: readonly string[]) =>
  invalid(`component of type ${type} has unexpected field(s) (${fields.join(', ')})`, 2388042);
