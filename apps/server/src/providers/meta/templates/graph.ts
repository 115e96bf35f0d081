import type { TemplateComponent } from '@pc/contract';
import { type MetaTemplatesProvider, type ProviderTemplate } from './templates.js';
import { metaApiErrorOf, type MetaErrorEnvelope } from '../graph-error.js';

/**
 * The real template client (META_MODE=live): the WhatsApp Business Management API with the system
 * user's token. Meta's error envelope becomes a MetaApiError with its code, subcode and user texts,
 * so the console shows what Meta said.
 */

/** `appId`: the app the samples are uploaded to (Resumable Upload's `/<APP_ID>/uploads`). */
export type GraphTemplatesOptions = { graphUrl: string; token: string; appId?: string };

const TIMEOUT_MS = 15_000;
/** A sample of up to 16 MB goes up in one request. */
const UPLOAD_TIMEOUT_MS = 60_000;
const PAGE_SIZE = 100;
/** An account holds at most 6,000 templates (60 pages): past that the paging is looping. */
const MAX_PAGES = 100;
const FIELDS = 'id,name,language,category,status,rejected_reason,previous_category,components';

type GraphTemplate = {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  rejected_reason?: string;
  previous_category?: string;
  components?: TemplateComponent[];
};
type Page = { data?: GraphTemplate[]; paging?: { next?: string; cursors?: { after?: string } } };

const asProviderTemplate = (t: GraphTemplate): ProviderTemplate => ({
  id: String(t.id),
  name: t.name,
  language: t.language,
  category: t.category,
  status: t.status,
  rejectedReason: t.rejected_reason ?? 'NONE',
  previousCategory: t.previous_category ?? null,
  components: t.components ?? [],
});

export const createGraphMetaTemplates = (o: GraphTemplatesOptions): MetaTemplatesProvider => {
  const base = o.graphUrl.replace(/\/$/, '');
  const call = async <T>(url: string, init: { method: string; body?: string } = { method: 'GET' }): Promise<T> => {
    const res = await fetch(url, {
      ...init,
      headers: {
        authorization: `Bearer ${o.token}`,
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => null)) as (T & MetaErrorEnvelope) | null;
    if (!res.ok || !body || body.error) throw metaApiErrorOf(res.status, body);
    return body;
  };
  const templatesOf = (wabaId: string) => `${base}/${encodeURIComponent(wabaId)}/message_templates`;

  /**
   * The next page: Meta's own `next` link when it points at the configured Graph host (the token
   * goes with it), else the `after` cursor on our URL. No `next` means this was the last page.
   */
  const nextPage = (first: string, page: Page): string | null => {
    if (!page.paging?.next) return null;
    if (new URL(page.paging.next).origin === new URL(base).origin) return page.paging.next;
    const after = page.paging.cursors?.after;
    return after ? `${first}&after=${encodeURIComponent(after)}` : null;
  };

  return {
    mode: 'live',
    uploadSample: async (file) => {
      if (!o.appId) throw new Error('META_MODE=live needs META_APP_ID to upload template samples');
      const session = new URLSearchParams({
        file_name: file.fileName,
        file_length: String(file.bytes.length),
        file_type: file.contentType,
      });
      const { id } = await call<{ id: string }>(`${base}/${encodeURIComponent(o.appId)}/uploads?${session}`, {
        method: 'POST',
      });
      // The session id is the path as Meta gives it, "upload:<id>".
      if (!/^upload:[^/?#\s]+$/.test(id)) throw metaApiErrorOf(502, null);
      const res = await fetch(`${base}/${id}`, {
        method: 'POST',
        // "You must include the access token in the header": the OAuth scheme, as Meta's example.
        headers: { authorization: `OAuth ${o.token}`, file_offset: '0' },
        body: new Blob([Buffer.from(file.bytes)]),
        signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
      });
      const body = (await res.json().catch(() => null)) as ({ h?: string } & MetaErrorEnvelope) | null;
      if (!res.ok || !body || body.error || typeof body.h !== 'string') throw metaApiErrorOf(res.status, body);
      return body.h;
    },
    create: async (t) => {
      const answer = await call<{ id: string; status: string; category: string }>(templatesOf(t.wabaId), {
        method: 'POST',
        body: JSON.stringify({ name: t.name, language: t.language, category: t.category, components: t.components }),
      });
      return { id: String(answer.id), status: answer.status, category: answer.category };
    },
    edit: async (templateId, edit) => {
      await call<{ success: boolean }>(`${base}/${encodeURIComponent(templateId)}`, {
        method: 'POST',
        body: JSON.stringify(
          edit.category ? { category: edit.category, components: edit.components } : { components: edit.components },
        ),
      });
    },
    list: async (wabaId) => {
      const first = `${templatesOf(wabaId)}?fields=${FIELDS}&limit=${PAGE_SIZE}`;
      const all: ProviderTemplate[] = [];
      let url: string | null = first;
      for (let pages = 0; url; pages += 1) {
        // A partial list would read as templates deleted on Meta's side: fail rather than return it.
        if (pages === MAX_PAGES) throw new Error(`Meta's template list ran past ${MAX_PAGES} pages`);
        const page: Page = await call<Page>(url);
        all.push(...(page.data ?? []).map(asProviderTemplate));
        url = nextPage(first, page);
      }
      return all;
    },
    delete: async (wabaId, name) => {
      await call(`${templatesOf(wabaId)}?name=${encodeURIComponent(name)}`, { method: 'DELETE' });
    },
    jobHandlers: {},
  };
};
