import { and, eq } from 'drizzle-orm';
import { templateMediaRules, templateMessages, type NormalizedTemplate, type TemplateComponent } from '@pc/contract';
import { storedFiles, templateSampleHandles } from '../../platform/db/schema.js';
import { badRequest } from '../../platform/errors/app-error.js';
import { uploadableTypes, type SampleFile } from '../../providers/meta/templates/sample-upload.js';
import { allowedContentType, mediaTypeOfBytes, type MediaFileType } from './media-rules.js';
import { downloadSample } from './sample-download.js';
import type { TemplatesCtx } from './context.js';

/**
 * The handle Meta knows a media template's sample by (Resumable Upload; providers/meta/templates/
 * sample-upload.ts): for one of the partner's own files (`<PUBLIC_URL>/api/files/<id>`, the
 * dialog's upload), the handle kept for it, else the file uploaded now and its handle kept; for a
 * public URL elsewhere, the file fetched and uploaded. Null for a template without a media header.
 */
export const sampleHandleOf = async (
  ctx: TemplatesCtx,
  partnerId: string,
  v: Pick<NormalizedTemplate, 'type' | 'sampleMediaUrl'>,
): Promise<string | null> => {
  if (v.type !== 'IMAGE' && v.type !== 'VIDEO' && v.type !== 'FILE') return null;
  const prefix = `${ctx.env.publicUrl}/api/files/`;
  if (!v.sampleMediaUrl.startsWith(prefix)) return uploadFromUrl(ctx, v.type, v.sampleMediaUrl);
  const fileId = v.sampleMediaUrl.slice(prefix.length);
  const key = and(eq(templateSampleHandles.partnerId, partnerId), eq(templateSampleHandles.fileId, fileId));
  const [kept] = await ctx.db.select().from(templateSampleHandles).where(key);
  if (kept) return kept.handle;

  const [file] = await ctx.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.partnerId, partnerId), eq(storedFiles.id, fileId), eq(storedFiles.purpose, 'MEDIA')));
  const bytes = file && (await ctx.storage.get(file.storageKey));
  if (!file || !bytes) throw refused(templateMessages.sampleMissing);
  const handle = await upload(ctx, { fileName: file.fileName, contentType: file.contentType, bytes });
  // Two submissions with one new sample at once: the first handle kept is everyone's next time.
  await ctx.db.insert(templateSampleHandles).values({ partnerId, fileId, handle }).onConflictDoNothing();
  return handle;
};

const refused = (message: string) => badRequest(message, { sampleMediaUrl: message });

/** Meta's upload takes jpeg, png, mp4 and pdf only: anything else is refused before it is sent. */
const upload = async (ctx: TemplatesCtx, file: SampleFile) => {
  if (!(uploadableTypes as readonly string[]).includes(file.contentType)) throw refused(templateMessages.mediaType);
  return ctx.metaTemplates.uploadSample(file);
};

/**
 * A sample elsewhere on the web: fetched (sample-download.ts), judged by its bytes as an uploaded
 * file is, and uploaded each time (nothing of it is kept).
 */
const uploadFromUrl = async (ctx: TemplatesCtx, type: MediaFileType, url: string) => {
  const got = await downloadSample(url, {
    maxBytes: templateMediaRules[type].maxBytes,
    timeoutMs: DOWNLOAD_TIMEOUT_MS,
    allowPrivate: ctx.env.WEBHOOK_ALLOW_PRIVATE_URLS,
  });
  if (!got) throw refused(templateMessages.sampleUnreachable);
  const contentType = mediaTypeOfBytes(got.bytes);
  if (!contentType || !allowedContentType(type, contentType)) throw refused(templateMessages.mediaType);
  const fileName = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'sample');
  return upload(ctx, { fileName, contentType, bytes: got.bytes });
};

const DOWNLOAD_TIMEOUT_MS = 15_000;

/** The components with the header's sample named by its handle instead of its URL. */
export const withSampleHandle = (components: TemplateComponent[], handle: string | null): TemplateComponent[] =>
  handle === null
    ? components
    : components.map((c) =>
        c.type === 'HEADER' && c.example?.header_handle
          ? { ...c, example: { ...c.example, header_handle: [handle] } }
          : c,
      );
