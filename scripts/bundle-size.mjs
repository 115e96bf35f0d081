#!/usr/bin/env node
// The JavaScript each page loads before it shows, gzipped, against its budget (issue 9, ARCHITECTURE:
// the sign-in page's initial JS at most 200 KB gzipped). Reads the build's manifest: the entry and
// every chunk it imports statically, then the page's own lazy chunk and its static imports. Exits 1
// when a page is over its budget; `--json` prints the figures for the benchmark notes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST: a build elsewhere (as the server reads it), e.g. one made with vite build --outDir.
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');

/**
 * Page, the lazy modules it loads first (its layout and the navigation its screen shows, then
 * itself), and its budget in KB of gzipped JS (issue 9: 200 for sign-in, 250 for the dashboard).
 */
const pages = [
  { name: 'sign-in (/login)', modules: ['src/features/auth/LoginPage.tsx'], budgetKb: 200 },
  {
    name: 'dashboard (/)',
    modules: ['src/app/shell/AppShell.tsx', 'src/app/shell/Rail.tsx', 'src/features/dashboard/DashboardPage.tsx'],
    budgetKb: 250,
  },
  {
    name: 'dashboard, phone',
    modules: ['src/app/shell/AppShell.tsx', 'src/app/shell/MobileNav.tsx', 'src/features/dashboard/DashboardPage.tsx'],
    budgetKb: 250,
  },
];

if (!fs.existsSync(manifestPath)) {
  console.error(`No build manifest at ${path.relative(root, manifestPath)}: run npm run build first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

/** The chunk files a module loads at once: itself and its static imports, transitively. */
const staticClosure = (key, files = new Set()) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
};

const gzipped = new Map();
const gzipSize = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
};

const rows = pages.map((page) => {
  let files = staticClosure(entryKey);
  for (const module of page.modules) {
    if (!manifest[module]) throw new Error(`${module} is not a lazy chunk of the build`);
    files = staticClosure(module, files);
  }
  const js = [...files].filter((f) => f.endsWith('.js'));
  const kb = js.reduce((sum, f) => sum + gzipSize(f), 0) / 1024;
  return { ...page, kb: Math.round(kb * 10) / 10, chunks: js.length, over: kb > page.budgetKb };
});

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  console.log('Initial JavaScript per page (gzipped)');
  for (const r of rows)
    console.log(
      `  ${r.over ? 'OVER' : 'ok  '} ${r.name.padEnd(18)} ${String(r.kb).padStart(6)} KB, budget ${r.budgetKb} KB (${r.chunks} chunks)`,
    );
}
if (rows.some((r) => r.over)) {
  console.error('A page is over its JavaScript budget: split what it does not need at first into a lazy chunk.');
  process.exit(1);
}
