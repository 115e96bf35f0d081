import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MetaApiError } from '../graph-error.js';

/**
 * A media header's sample goes to Meta through the Resumable Upload API, which answers a handle
 * for `example.header_handle` ("You must upload all media with the Resumable Upload API", Template
 * components; "Upload a file", https://developers.facebook.com/docs/graph-api/guides/upload;
 * docs/research/meta-templates.md §1). A URL there is refused.
 */
export type SampleFile = { fileName: string; contentType: string; bytes: Uint8Array };

/** The upload guide's `file_type` values: "application/pdf, image/jpeg, image/jpg, image/png, and video/mp4". */
export const uploadableTypes = ['application/pdf', 'image/jpeg', 'image/jpg', 'image/png', 'video/mp4'] as const;

/**
 * What integrators report Meta answers for a `header_handle` that is no upload handle (a URL, a
 * media id): code 100, subcode 2494102, "Uploaded media handle is invalid" (research notes §1.5:
 * not on a Meta page; the sandbox answers it so that the console meets it before Meta does).
 */
export const invalidHandle = () =>
  new MetaApiError(
    400,
    100,
    2494102,
    'Invalid parameter',
    'Uploaded media handle is invalid',
    'The media handle provided is not valid for template creation',
  );

/**
 * The sandbox's handles: shaped as Meta's ("4::<base64 of the type>:<opaque>", the samples on the
 * template pages) and signed with the sandbox's app secret, so that it knows its own without
 * keeping them, as Meta knows the handles of its app.
 */
const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

export const sandboxHandleOf = (secret: string, file: Pick<SampleFile, 'contentType' | 'bytes'>): string => {
  const body = `4::${Buffer.from(file.contentType).toString('base64')}:${randomBytes(12).toString('base64url')}.${file.bytes.length}`;
  return `${body}.${mac(secret, body)}`;
};

export const isSandboxHandle = (secret: string, handle: string): boolean => {
  const cut = handle.lastIndexOf('.');
  if (!handle.startsWith('4::') || cut < 0) return false;
  const expected = Buffer.from(mac(secret, handle.slice(0, cut)));
  const given = Buffer.from(handle.slice(cut + 1));
  return given.length === expected.length && timingSafeEqual(given, expected);
};
