import { and, eq, isNull } from 'drizzle-orm';
import { storedFromTemplate, toComponents, validateTemplate, type TemplateInput } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import {
  projects,
  sandboxMetaTemplates,
  storedFiles,
  templateSampleHandles,
  templates,
} from '../../platform/db/schema.js';
import { enqueue } from '../../platform/jobs/queue.js';
import { REVIEW_JOB } from '../../providers/meta/templates/sandbox.js';
import { inMetaCase, readBackOf } from '../../providers/meta/templates/read-back.js';
import { sandboxHandleOf } from '../../providers/meta/templates/sample-upload.js';
import { withSampleHandle } from '../../modules/templates/sample-handle.js';
import { DAY } from '../demo-world.js';
import type { DemoProjects } from '../demo-world.js';
import type { InvoiceFile } from '../history/money.js';
import { cornerStoreTemplates, metroTemplates, sunriseTemplates, type DemoTemplate } from './book.js';
import { bannerPng } from './sample-png.js';

/** A file the seed stores once its transaction has committed, with its type. */
export type SeedFile = InvoiceFile & { contentType: string };

const blank: TemplateInput = {
  label: '',
  category: '',
  type: 'TEXT',
  language: 'en',
  name: '',
  text: '',
  sample_text: '',
  message_action_type: 'None',
  call_to_action: [],
  quick_replies: [],
  headerText: '',
  footerText: '',
  templateParams: [],
  sampleMediaUrl: '',
  sampleCTAUrl: '',
};
/** Meta's ids are numbers of 15 to 17 digits. */
const metaId = (n: number) => `${1_200_000_000_000_000 + n}`;

const fillSampleText = (input: TemplateInput): TemplateInput => ({
  ...input,
  sample_text: input.text.replace(/\{\{(\d+)\}\}/g, (_, n: string) => input.templateParams?.[Number(n) - 1] ?? ''),
});

/**
 * The demo's templates (the Templates tab and screen): written through the same validator as the
 * console, mirrored in the sandbox Meta's own store so that Sync finds them there, and the one in
 * review gets the sandbox's review job, so it turns APPROVED a minute after the console starts.
 */
export const seedDemoTemplates = async (
  tx: DbOrTx,
  p: {
    now: Date;
    publicUrl: string;
    projects: DemoProjects;
    files: SeedFile[];
    /** The sandbox Meta's app secret: the banner's upload handle is then signed as its upload signs one. */
    metaAppSecret?: string;
  },
) => {
  let serial = 0;
  const seedProject = async (projectName: string, book: DemoTemplate[]) => {
    const project = p.projects[projectName];
    if (!project) throw new Error(`no demo project ${projectName}`);
    // The WhatsApp Business Account the sandbox keeps the templates under.
    const wabaId = metaId(900 + serial);
    await tx
      .update(projects)
      .set({ wabaAppId: wabaId })
      .where(and(eq(projects.id, project.id), isNull(projects.wabaAppId)));
    const [row] = await tx.select({ wabaAppId: projects.wabaAppId }).from(projects).where(eq(projects.id, project.id));
    for (const demo of book) {
      serial += 1;
      const at = new Date(p.now.getTime() - demo.daysAgo * DAY - serial * 60_000);
      let sampleMediaUrl = demo.input.sampleMediaUrl ?? '';
      let handle: string | null = null;
      if (demo.banner) {
        const fileId = newId();
        const key = `${project.partnerId}/media/${project.id}/${fileId}-banner.png`;
        const bytes = bannerPng(480, 240, [255, 183, 77], [229, 57, 53]);
        p.files.push({ key, bytes, contentType: 'image/png' });
        await tx.insert(storedFiles).values({
          id: fileId,
          partnerId: project.partnerId,
          projectId: project.id,
          purpose: 'MEDIA',
          storageKey: key,
          fileName: 'banner.png',
          contentType: 'image/png',
          size: bytes.length,
          isPublic: true,
          createdAt: at,
        });
        sampleMediaUrl = `${p.publicUrl}/api/files/${fileId}`;
        // The handle the sandbox's Resumable Upload gave for the banner, kept so it is not uploaded again.
        handle = sandboxHandleOf(p.metaAppSecret ?? 'demo-without-meta', { contentType: 'image/png', bytes });
        if (p.metaAppSecret)
          await tx.insert(templateSampleHandles).values({ partnerId: project.partnerId, fileId, handle });
      }
      const input = fillSampleText({ ...blank, ...demo.input, sampleMediaUrl });
      const verdict = demo.status === 'DRAFT' ? null : validateTemplate(input, { trustedMediaOrigins: [p.publicUrl] });
      if (verdict && !verdict.ok) throw new Error(`demo template ${input.name}: ${verdict.message}`);
      const stored = verdict ? storedFromTemplate(verdict.template) : draftOf(input);
      const providerTemplateId = demo.status === 'DRAFT' ? null : metaId(serial);
      await tx.insert(templates).values({
        id: newId(),
        partnerId: project.partnerId,
        projectId: project.id,
        ...stored,
        status: demo.status,
        rejectedReason: demo.rejectedReason ?? '',
        providerTemplateId,
        previousCategory: demo.approvedAs ?? null,
        categoryChangedAt: demo.approvedAs ? new Date(at.getTime() + DAY) : null,
        ...noticesOf(demo, p.now),
        createdAt: at,
        updatedAt: at,
        submittedAt: providerTemplateId ? at : null,
      });
      if (!providerTemplateId || !verdict?.ok) continue;
      await tx.insert(sandboxMetaTemplates).values({
        id: providerTemplateId,
        wabaId: row!.wabaAppId!,
        name: stored.name,
        language: stored.language,
        category: stored.category,
        // Meta holds what it was sent (the banner's handle, never its URL) as it reads it back.
        components: readBackOf(
          inMetaCase({
            ...stored,
            wabaId: row!.wabaAppId!,
            components: withSampleHandle(toComponents(verdict.template), handle),
          }),
        ),
        status: demo.status,
        rejectedReason: demo.rejectedReason ?? 'NONE',
        previousCategory: demo.approvedAs ?? null,
        createdAt: at,
        updatedAt: at,
      });
      if (demo.status === 'PENDING')
        await enqueue(tx, {
          kind: REVIEW_JOB,
          payload: { templateId: providerTemplateId },
          runAt: new Date(p.now.getTime() + 60_000),
          key: `${REVIEW_JOB}:${providerTemplateId}`,
        });
    }
  };
  await seedProject('Sunrise Bakery', sunriseTemplates);
  await seedProject('Metro Clinics', metroTemplates);
  await seedProject('Corner Store', cornerStoreTemplates);
};

/** What Meta's webhooks said of a demo template, as the row keeps it. */
const noticesOf = (demo: DemoTemplate, now: Date) => {
  const m = demo.fromMeta;
  if (!m) return {};
  return {
    rejectionInfo: m.rejection ?? null,
    pauseInfo: m.pause ?? null,
    flaggedAt: m.flagged ? new Date(now.getTime() - DAY) : null,
    qualityScore: m.qualityScore ?? null,
    upcomingCategory: m.upcoming?.category ?? null,
    upcomingCategoryAt: m.upcoming ? new Date(now.getTime() + m.upcoming.inHours * 3_600_000) : null,
  };
};

/** A draft is kept as typed: nothing is judged until it is submitted. */
const draftOf = (input: TemplateInput) => ({
  name: input.name,
  label: input.label ?? '',
  category: input.category,
  type: input.type,
  language: input.language,
  body: input.text,
  format: input.text,
  sampleMessage: input.sample_text,
  templateParams: input.templateParams ?? [],
  authentication: null,
});
