import type { TemplateComponent } from '@pc/contract';
import { describe, expect, it } from 'vitest';
import { body, template, useSandboxMeta } from './sandbox-fixture.js';

/**
 * Media samples in the sandbox as Meta takes them: "You must upload all media with the Resumable
 * Upload API" and `example.header_handle` holds the handle it gives (Template components,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/components); the
 * upload takes pdf, jpeg, jpg, png and mp4 ("Upload a file", https://developers.facebook.com/docs/graph-api/guides/upload).
 * A URL there is refused with what integrators report Meta answers, subcode 2494102 "Uploaded media handle
 * is invalid" (docs/research/meta-templates.md §1.5: not on a Meta page).
 */
const { s, refusal } = useSandboxMeta();

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const imageHeader = (handle: string): TemplateComponent => ({
  type: 'HEADER',
  format: 'IMAGE',
  example: { header_handle: [handle] },
});
const withHeader = (handle: string) =>
  template({ components: [imageHeader(handle), body('Your order {{1}} has been packed and will ship today.')] });

describe('media samples in the sandbox Meta', () => {
  it('an uploaded sample gives a handle shaped as Meta’s, which a template takes', async () => {
    const handle = await s.meta.uploadSample({ fileName: 'banner.png', contentType: 'image/png', bytes: png });
    expect(handle).toMatch(/^4::aW1hZ2UvcG5n:/);
    expect((await s.meta.create(withHeader(handle))).status).toBe('PENDING');
  });

  it('refuses a URL, a media id or a forged handle as the sample with 2494102, and keeps nothing', async () => {
    const handle = await s.meta.uploadSample({ fileName: 'banner.png', contentType: 'image/png', bytes: png });
    for (const given of ['https://console.example.com/api/files/abc', '1234567890', `${handle.slice(0, -2)}xx`])
      expect(await refusal(withHeader(given))).toMatchObject({
        httpStatus: 400,
        code: 100,
        subcode: 2494102,
        userTitle: 'Uploaded media handle is invalid',
      });
    expect(await s.meta.list('waba-1')).toEqual([]);
  });

  it('refuses to upload a type the upload API does not take', async () => {
    await expect(
      s.meta.uploadSample({ fileName: 'clip.3gp', contentType: 'video/3gpp', bytes: png }),
    ).rejects.toMatchObject({ httpStatus: 400, code: 100 });
  });
});
