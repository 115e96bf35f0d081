import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { templateMessages as m } from '@pc/contract';
import { signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { projects } from '../../platform/db/schema.js';
import { createTemplate, projectIdOf, templateRowsOf, validInput } from './test-fixture.js';
import { DEFAULT_GRAPH_VERSION } from '../../providers/meta/graph-version.js';

/**
 * Create against the real Graph client (META_MODE=live) and a fake Graph API: what Meta answers
 * reaches the user as the spec says, whichever way it fails.
 */
type Seen = { url: string; authorization: string; body: { name: string; category: string } };
const seen: Seen[] = [];
let graph: Server;
let t: TestContext;
let owner: string;
let live: string;
let wabaId: string;

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Seen['body'];
};
const metaError = (error: object) => JSON.stringify({ error: { type: 'OAuthException', fbtrace_id: 'A1', ...error } });

beforeAll(async () => {
  graph = createServer((req, res) => {
    void readBody(req).then((body) => {
      seen.push({ url: req.url ?? '', authorization: req.headers.authorization ?? '', body });
      const answer = (status: number, json: string) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(json);
      if (body.name === 'floating_case')
        return answer(
          400,
          metaError({
            message: 'Invalid parameter',
            code: 100,
            error_subcode: 2388299,
            error_user_title: 'Floating Parameter',
            error_user_msg: "Variables can't be at the start or end of the template.",
          }),
        );
      if (body.name === 'technical_only')
        return answer(400, metaError({ message: '(#100) Invalid parameter', code: 100 }));
      if (body.name === 'meta_down') return answer(503, metaError({ message: 'Service unavailable', code: 2 }));
      if (body.name === 'hang_up') return req.socket.destroy();
      const moved = body.name === 'moved_at_once';
      return answer(
        200,
        JSON.stringify({ id: '1234567890123456', status: 'PENDING', category: moved ? 'MARKETING' : body.category }),
      );
    });
  });
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  const { port } = graph.address() as AddressInfo;
  t = await startTestApp({
    env: {
      META_MODE: 'live',
      META_GRAPH_URL: `http://127.0.0.1:${port}`,
      META_SYSTEM_USER_TOKEN: 'system-user-token',
      META_APP_SECRET: 'app-secret',
    },
  });
  owner = await signInAs(t.app, 'owner');
  live = await projectIdOf(t, 'Sunrise Bakery');
  const [row] = await t.database.db.select({ waba: projects.wabaAppId }).from(projects).where(eq(projects.id, live));
  wabaId = row!.waba!;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => graph.close(resolve));
});

describe('create with the real Meta', () => {
  it("posts to the project's WhatsApp Business Account with the system user's token", async () => {
    const res = await createTemplate(t, owner, live, validInput({ name: 'sent_to_graph' }));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('PENDING');
    expect(seen.at(-1)).toMatchObject({
      url: `/${DEFAULT_GRAPH_VERSION}/${wabaId}/message_templates`,
      authorization: 'Bearer system-user-token',
      body: { name: 'sent_to_graph', category: 'UTILITY' },
    });
  });

  it('keeps the category Meta gave at once, with the one asked for as the previous', async () => {
    const res = await createTemplate(t, owner, live, validInput({ name: 'moved_at_once' }));
    expect(res.body).toMatchObject({ category: 'MARKETING', previousCategory: 'UTILITY' });
    expect(res.body.categoryChange).toMatchObject({ currency: 'INR', country: 'IN' });
    expect(res.body.categoryChange!.to).toBeGreaterThan(res.body.categoryChange!.from);
  });

  it("shows Meta's refusal as its title and message with the code, or its technical message", async () => {
    const before = await templateRowsOf(t, live);
    const floating = await createTemplate(t, owner, live, validInput({ name: 'floating_case' }));
    expect(floating.status).toBe(400);
    expect(floating.body.message).toBe(
      "Floating Parameter: Variables can't be at the start or end of the template. (#2388299)",
    );
    const technical = await createTemplate(t, owner, live, validInput({ name: 'technical_only' }));
    expect(technical.body.message).toBe('(#100) Invalid parameter');
    expect(await templateRowsOf(t, live)).toEqual(before);
  });

  it("answers 502 'Something went wrong, try again' when Meta fails or cannot be reached, and stores nothing", async () => {
    const before = await templateRowsOf(t, live);
    for (const name of ['meta_down', 'hang_up']) {
      const res = await createTemplate(t, owner, live, validInput({ name }));
      expect(res.status, name).toBe(502);
      expect(res.body.message).toBe(m.createFailed);
    }
    expect(await templateRowsOf(t, live)).toEqual(before);
  });

  it("answers 'Waba is not live yet!' for a live project without a WhatsApp Business Account id", async () => {
    const noWaba = await projectIdOf(t, 'Metro Reminders');
    const calls = seen.length;
    const res = await createTemplate(t, owner, noWaba, validInput({ name: 'no_account' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(m.wabaNotLive);
    expect(seen.length).toBe(calls);
  });
});
