/**
 * npm run bench:lighthouse: Lighthouse's mobile preset (its default configuration: a mid-range phone,
 * slow 4G and a 4x slower CPU, simulated) on the sign-in page, and on the dashboard and the projects
 * list signed in as the demo owner, against the server as it runs in production
 * (lighthouse-server.ts). Each page is measured BENCH_RUNS times (default 3, pages interleaved) and
 * the median of each figure is printed, then what the last run's report says costs the most. The
 * reports are written as JSON under $TMPDIR/pc-lighthouse for a closer look (or
 * https://googlechrome.github.io/lighthouse/viewer/).
 *
 * BENCH_PAGES=dashboard,projects measures only those pages.
 * BENCH_LIGHTHOUSE_PORT (3450) and BENCH_LIGHTHOUSE_DATA_DIR ($TMPDIR/pc-bench-lighthouse, seeded on
 * first use) place the server; BENCH_LIGHTHOUSE_URL measures a server already running instead.
 * BENCH_WEB_DIST=a,b measures several builds of the web app side by side in one run (one server each,
 * on the next ports and data directories), e.g. a build of the last commit beside the working tree's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { ensureBuilt, startConsoleServer, type ConsoleServer } from './lighthouse-server.js';

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
type Report = Result['lhr'];

const TARGET = 0.9;
const runs = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3450);
const dataDir = process.env.BENCH_LIGHTHOUSE_DATA_DIR ?? path.join(os.tmpdir(), 'pc-bench-lighthouse');
const reportDir = path.join(os.tmpdir(), 'pc-lighthouse');
const webDists = process.env.BENCH_WEB_DIST?.split(',').map((d) => path.resolve(d));
const owner = { userName: 'owner', password: 'Owner@123' };

/** The web app keeps its session as a bearer token in localStorage (apps/web/src/api/token.ts). */
const TOKEN_KEY = 'token';

type PageCase = { name: string; path: string; signedIn: boolean };
const allPages: PageCase[] = [
  { name: 'sign-in', path: '/login', signedIn: false },
  { name: 'dashboard', path: '/', signedIn: true },
  { name: 'projects', path: '/assistants', signedIn: true },
];
/** BENCH_PAGES=dashboard,projects measures only those (all three unless told). */
const pages = process.env.BENCH_PAGES
  ? allPages.filter((p) => process.env.BENCH_PAGES!.split(',').includes(p.name))
  : allPages;

const metrics = [
  ['FCP', 'first-contentful-paint', 'ms'],
  ['LCP', 'largest-contentful-paint', 'ms'],
  ['TBT', 'total-blocking-time', 'ms'],
  ['CLS', 'cumulative-layout-shift', ''],
  ['SI', 'speed-index', 'ms'],
] as const;
const categories = ['performance', 'accessibility', 'best-practices'] as const;

const signInToken = async (url: string) => {
  const res = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(owner),
  });
  if (!res.ok) throw new Error(`sign-in of the demo owner: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
};

/**
 * Lighthouse clears the HTTP cache before each navigation but keeps localStorage (its default
 * clearStorageTypes), so a signed-in page loads cold with the session a signed-in user has.
 */
const setSession = async (page: Page, url: string, token: string | null) => {
  await page.goto(`${url}/favicon.svg`);
  await page.evaluate(
    (key, value) => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key)),
    TOKEN_KEY,
    token,
  );
};

/** Retries of a load whose trace Lighthouse could not read (NO_NAVSTART and the like, on a busy machine). */
const RETRIES = 2;

/** One Lighthouse load of `url` in a fresh tab with the given session, run again when Lighthouse asks to. */
const measure = async (browser: Browser, url: string, token: string | null, key: string): Promise<Report> => {
  for (let attempt = 0; ; attempt += 1) {
    const page = await browser.newPage();
    await setSession(page, new URL(url).origin, token);
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: [...categories] },
      undefined,
      page,
    );
    await page.close();
    if (!result) throw new Error(`no Lighthouse result for ${key}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt >= RETRIES) throw new Error(`${key}: ${error.message}`);
    console.log(`  ${key}: ${error.code}, measured again`);
  }
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const figure = (report: Report, id: string) => report.audits[id]?.numericValue ?? Number.NaN;
const score = (report: Report, id: string) => report.categories[id]?.score ?? Number.NaN;

/** The audits that cost the most in a report: opportunities by their saving, then failed diagnostics. */
const costs = (report: Report) =>
  Object.values(report.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => ({
      title: a.title,
      saving: Math.max(0, ...Object.values(a.metricSavings ?? {}).map((v) => Number(v) || 0)),
      shown: a.displayValue ?? '',
    }))
    .sort((a, b) => b.saving - a.saving)
    .slice(0, 8);

type Target = { label: string; url: string };

const startTargets = async (): Promise<{ targets: Target[]; servers: ConsoleServer[] }> => {
  if (process.env.BENCH_LIGHTHOUSE_URL)
    return { targets: [{ label: '', url: process.env.BENCH_LIGHTHOUSE_URL }], servers: [] };
  if (!webDists) ensureBuilt();
  const servers: ConsoleServer[] = [];
  const targets: Target[] = [];
  for (const [i, dist] of (webDists ?? [undefined]).entries()) {
    const server = await startConsoleServer({
      port: port + i,
      dataDir: i === 0 ? dataDir : `${dataDir}-${i}`,
      env: dist ? { WEB_DIST: dist } : {},
    });
    servers.push(server);
    targets.push({ label: dist ? path.basename(dist) : '', url: server.url });
  }
  console.log(`Server: ${servers[0]?.how}`);
  return { targets, servers };
};

const main = async () => {
  const { targets, servers } = await startTargets();
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    defaultViewport: null,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-sync'],
  });
  fs.mkdirSync(reportDir, { recursive: true });
  const reports = new Map<string, Report[]>();
  try {
    console.log(`Lighthouse ${lighthouseVersion()}, mobile preset, ${runs} runs; load average ${loadAverage()}`);
    const tokens = await Promise.all(targets.map((t) => signInToken(t.url)));
    for (let run = 1; run <= runs; run += 1) {
      for (const [i, target] of targets.entries()) {
        for (const p of pages) {
          const key = targets.length > 1 ? `${p.name} (${target.label})` : p.name;
          const report = await measure(browser, `${target.url}${p.path}`, p.signedIn ? tokens[i]! : null, key);
          if (p.signedIn && new URL(report.finalDisplayedUrl).pathname !== p.path)
            throw new Error(`${key} ended on ${report.finalDisplayedUrl}: not signed in?`);
          fs.writeFileSync(path.join(reportDir, `${p.name}-${i}-${run}.report.json`), JSON.stringify(report));
          reports.set(key, [...(reports.get(key) ?? []), report]);
          console.log(`  run ${run}, ${key}: performance ${score(report, 'performance').toFixed(2)}`);
        }
      }
    }
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
  }
  print(reports);
  console.log(`Load average at the end: ${loadAverage()}`);
};

/** The machine's load over the last 1, 5 and 15 minutes: simulated throttling scales the CPU time it sees. */
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const lighthouseVersion = () =>
  (JSON.parse(fs.readFileSync(new URL(import.meta.resolve('lighthouse/package.json')), 'utf8')) as { version: string })
    .version;

const print = (reports: Map<string, Report[]>) => {
  const header = [
    'page',
    'perf',
    ...metrics.map(([name]) => name),
    'a11y',
    'best pr.',
    'CPU index',
    `perf >= ${TARGET}`,
  ];
  const rows = [...reports].map(([name, list]) => {
    const perf = median(list.map((r) => score(r, 'performance')));
    return [
      name,
      perf.toFixed(2),
      ...metrics.map(([, id, unit]) => {
        const value = median(list.map((r) => figure(r, id)));
        return unit === 'ms' ? `${Math.round(value)} ms` : value.toFixed(3);
      }),
      median(list.map((r) => score(r, 'accessibility'))).toFixed(2),
      median(list.map((r) => score(r, 'best-practices'))).toFixed(2),
      // Lighthouse's measure of this machine's speed during the run: lower when other work shares the CPU.
      String(Math.round(median(list.map((r) => r.environment.benchmarkIndex)))),
      perf >= TARGET ? 'yes' : 'NO',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)));
  console.log(`\nMedians of ${runs} runs (performance: range ${[...reports].map(rangeOf).join(', ')})\n`);
  console.log(line(header).join('  '));
  for (const r of rows) console.log(line(r).join('  '));
  for (const [name, list] of reports) {
    console.log(`\nWhat costs the most on ${name} (last run; estimated saving in ms):`);
    for (const c of costs(list.at(-1)!))
      console.log(`  ${String(Math.round(c.saving)).padStart(5)}  ${c.title}  ${c.shown}`);
  }
  console.log(`\nReports: ${reportDir}`);
};

const rangeOf = ([name, list]: [string, Report[]]) => {
  const scores = list.map((r) => score(r, 'performance'));
  return `${name} ${Math.min(...scores).toFixed(2)}-${Math.max(...scores).toFixed(2)}`;
};

await main();
