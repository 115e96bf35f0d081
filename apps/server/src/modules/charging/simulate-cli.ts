// `npm run simulate`: posts simulated message events to a running console, as the messaging
// platform would. The live projects are found by signing in as the demo owners.
//   npm run simulate -- [--url http://localhost:3000] [--days 7] [--live] [--users owner:Owner@123,...]
import { parseArgs } from 'node:util';
import { MESSAGE_EVENTS_MAX_BATCH, PLATFORM_KEY_HEADER, type MessageEvent } from '@pc/contract';
import { readEnv } from '../../env.js';
import { makeTraffic, randomSource, type TrafficProject } from './traffic.js';

const env = readEnv();
const { values } = parseArgs({
  options: {
    url: { type: 'string', default: `http://localhost:${env.PORT}` },
    days: { type: 'string', default: '7' },
    live: { type: 'boolean', default: false },
    users: { type: 'string', default: 'owner:Owner@123,direct:Direct@123,ads:Ads@123' },
  },
});
const base = values.url.replace(/\/$/, '');
if (!env.PLATFORM_API_KEY) {
  console.error('Set PLATFORM_API_KEY (16+ characters) here and on the server: the server refuses events without it.');
  process.exit(1);
}
const key = env.PLATFORM_API_KEY;

const json = async <T>(
  path: string,
  init: { method: string; body?: unknown; headers?: Record<string, string> },
): Promise<T> => {
  const res = await fetch(`${base}${path}`, {
    method: init.method,
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
};

const liveProjectsOf = async (userName: string, password: string): Promise<TrafficProject[]> => {
  const { token } = await json<{ token: string }>('/auth/login', { method: 'POST', body: { userName, password } });
  const auth = { authorization: `Bearer ${token}` };
  const profile = await json<{ data?: { currency?: 'INR' | 'USD' } }>('/api/get-profile', {
    method: 'POST',
    body: {},
    headers: auth,
  }).catch(() => ({ data: undefined }));
  const currency: TrafficProject['currency'] = profile.data?.currency === 'USD' ? 'USD' : 'INR';
  const out: TrafficProject[] = [];
  for (let skip = 0; skip < 1000; skip += 100) {
    const page = await json<{ projects: { _id: string }[]; totalprojects: number }>('/api/project-lists', {
      method: 'POST',
      body: { filter: 'Live', skip, rowsPerPage: 100 },
      headers: auth,
    });
    out.push(...page.projects.map((p) => ({ id: p._id, currency })));
    if (out.length >= page.totalprojects || page.projects.length === 0) break;
  }
  return out;
};

const send = async (events: MessageEvent[]) => {
  let accepted = 0;
  for (let i = 0; i < events.length; i += MESSAGE_EVENTS_MAX_BATCH) {
    const res = await json<{ accepted: number }>('/platform/message-events', {
      method: 'POST',
      body: { events: events.slice(i, i + MESSAGE_EVENTS_MAX_BATCH) },
      headers: { [PLATFORM_KEY_HEADER]: key },
    });
    accepted += res.accepted;
  }
  return accepted;
};

const projects: TrafficProject[] = [];
for (const pair of values.users.split(',')) {
  const [user, password] = pair.split(':');
  if (!user || !password) continue;
  try {
    projects.push(...(await liveProjectsOf(user, password)));
  } catch (error) {
    console.warn(`Skipping ${user}: ${String(error)}`);
  }
}
console.log(`${projects.length} live projects.`);
const rng = randomSource(Date.now() & 0xffffffff);
const DAY = 24 * 60 * 60 * 1000;
const days = Math.max(0, Math.min(90, Number(values.days) || 0));
const now = Date.now();
for (let d = days; d >= 1; d--) {
  const from = new Date(now - d * DAY);
  const accepted = await send(
    makeTraffic(projects, from, new Date(from.getTime() + DAY), 5 + Math.floor(rng() * 20), rng, `c${from.getTime()}`),
  );
  console.log(`${from.toISOString().slice(0, 10)}: ${accepted} events recorded.`);
}
if (values.live) {
  console.log('Sending live traffic every 5 seconds; Ctrl-C stops.');
  let last = new Date();
  for (;;) {
    await new Promise((r) => setTimeout(r, 5000));
    const to = new Date();
    const accepted = await send(
      makeTraffic(
        projects.filter(() => rng() < 0.5),
        last,
        to,
        1 + Math.floor(rng() * 3),
        rng,
        `c${to.getTime()}`,
      ),
    );
    console.log(`${to.toISOString()}: ${accepted} events recorded.`);
    last = to;
  }
}
