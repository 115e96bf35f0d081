import type { SignIn } from './seed/sign-ins.js';

export type StartBlock = {
  /** Where this machine reaches the console: http://localhost:<port>. */
  url: string;
  host: string;
  publicUrl?: string;
  database: string;
  /** On a demo database: its sign-ins, and whether this start seeded them. */
  demo?: { created: boolean; signIns: readonly SignIn[]; signupPages: readonly { name: string; id: string }[] };
};

const loopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');
const anyAddress = (host: string) => host === '0.0.0.0' || host === '::';

const reach = (host: string) =>
  loopback(host)
    ? `(this machine only; HOST=0.0.0.0 opens it to the network)`
    : anyAddress(host)
      ? `(every network this machine is on: HOST=${host})`
      : `(on ${host})`;

/**
 * The lines a start ends with, one block the server prints once its start-up work is done (server.ts):
 * where the console and its API docs are, the database, and on a demo database its public sign-ins and
 * the embedded sign-up page (README, "Demo sign-ins"). Columns padded, so that the block reads as one.
 */
export const startBlockLines = (b: StartBlock): string[] => {
  const lines = [
    `Console    ${b.url}  ${reach(b.host)}`,
    ...(b.publicUrl && b.publicUrl !== b.url ? [`Public URL ${b.publicUrl}`] : []),
    `API docs   ${b.url}/docs`,
    `Database   ${b.database}`,
  ];
  if (b.demo) {
    const width = Math.max(...b.demo.signIns.map((s) => s.userName.length));
    const passwordWidth = Math.max(...b.demo.signIns.map((s) => s.password.length));
    lines.push(`Demo sign-ins (user name / password), ${b.demo.created ? 'seeded now' : 'seeded earlier'}:`);
    for (const s of b.demo.signIns)
      lines.push(`  ${s.userName.padEnd(width)} / ${s.password.padEnd(passwordWidth)}  ${s.who}`);
    for (const p of b.demo.signupPages)
      lines.push(`Embedded sign-up page of ${p.name} (public):`, `  ${b.url}/${p.id}/embed/signup`);
  }
  lines.push('Stop with Ctrl-C (SIGINT) or SIGTERM: requests and jobs under way finish first.');
  return lines;
};
