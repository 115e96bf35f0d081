#!/usr/bin/env node
// What each of the pages visits start on costs to open, in bytes over the wire (scripts/page-weight.mjs
// counts them from the build; e2e/specs/bundle-size.spec.ts checks the count against Chromium), against
// its budget. Exits 1 when a page grows past its limit or the build cannot be read; `--json` prints the
// figures with their files.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { weighPage } from './page-weight.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST: a build elsewhere (as the server reads it), e.g. one made with vite build --outDir.
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');

/** Every page's first API call checks its answer with these (apps/web/src/api/early.ts). */
const atStart = ['early-schemas'];

/**
 * The pages visits start on, at a screen width (the shell loads the navigation that screen shows: the
 * rail on a wide one, the top bar on a phone), signed in as the demo owner or not, with the chunks
 * their code imports lazily on opening beyond the route's preloads (the dashboard's margin card: the
 * owner may read billings).
 * `budgetKb`: what a page should cost. `ceilingKb`, only for a page over its budget (none today): its
 * figure when this was measured, rounded up a little, so it cannot grow while it waits to be brought
 * under.
 */
const pages = [
  { name: 'sign-in', path: '/login', width: 1440, signedIn: false, lazy: [], budgetKb: 200 },
  { name: 'dashboard', path: '/', width: 1440, signedIn: true, lazy: ['Rail', 'MarginCard'], budgetKb: 200 },
  { name: 'projects', path: '/assistants', width: 1440, signedIn: true, lazy: ['Rail'], budgetKb: 200 },
  { name: 'dashboard, phone', path: '/', width: 390, signedIn: true, lazy: ['MobileNav', 'MarginCard'], budgetKb: 200 },
];

const kb = (bytes) => (bytes / 1000).toFixed(1);

const verdict = ({ bytes, budgetKb, ceilingKb }) => {
  const over = bytes - budgetKb * 1000;
  const budget = over > 0 ? `✗ over the ${budgetKb} KB budget by ${kb(over)} KB` : `✓ within the ${budgetKb} KB budget`;
  if (ceilingKb === undefined) return budget;
  const past = bytes - ceilingKb * 1000;
  if (past > 0) return `${budget}, and past its no-growth ceiling of ${ceilingKb} KB by ${kb(past)} KB`;
  return over > 0
    ? `${budget} (held at its no-growth ceiling of ${ceilingKb} KB)`
    : `${budget} (its no-growth ceiling of ${ceilingKb} KB can go)`;
};

let rows;
try {
  rows = pages.map((page) => {
    const { files, bytes } = weighPage(dist, page, atStart);
    return { ...page, files, bytes, tooBig: bytes > (page.ceilingKb ?? page.budgetKb) * 1000 };
  });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  console.log('What each page fetches on opening: its scripts, CSS and fonts as the server sends them to Chromium');
  console.log(
    '(brotli where the build wrote a .br), in KB of 1,000 bytes. A chat widget, where one is configured, comes on top.',
  );
  for (const r of rows) {
    console.log(
      `\n${r.name} (${r.path}, ${r.width} px wide): ${kb(r.bytes)} KB (${r.bytes} bytes, ${r.files.length} files)`,
    );
    console.log(`  ${verdict(r)}`);
    for (const f of r.files)
      console.log(`  ${(f.bytes / 1000).toFixed(2).padStart(6)} KB  ${f.encoding.padEnd(8)}  ${f.file}`);
  }
}
if (rows.some((r) => r.tooBig)) {
  console.error('\nA page grew past its limit: move what it does not need at first into a lazy chunk.');
  process.exit(1);
}
