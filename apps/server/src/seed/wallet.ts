import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/open.js';
import { newId } from '../platform/db/ids.js';
import { projects, walletThresholds } from '../platform/db/schema.js';
import { MONEY_SCALE as INR } from '@pc/contract';
import { centralForecast, projectCreditForecasts } from '../modules/wallet/burn.js';
import { isCrossed } from '../modules/wallet/thresholds.js';

/**
 * Acme's wallet warning levels (docs/demo-data.md): its central balance warns at 7 days
 * left (the history spends it in about 4: crossed, so the banner shows), Kite Campaign 06's credit
 * at ₹50 (crossed: it runs dry in days), Sunrise Bakery's at 30 days and Metro Clinics' at ₹1,000
 * (both clear). Crossed ones are marked as the check would have marked them an hour ago; their
 * mails went then, so none is queued now.
 */
export const seedDemoWallet = async (tx: DbOrTx, opts: { now: Date; acmeId: string }) => {
  const named = await tx
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(
      and(
        eq(projects.partnerId, opts.acmeId),
        inArray(projects.name, ['Kite Campaign 06', 'Sunrise Bakery', 'Metro Clinics']),
      ),
    );
  const idOf = (name: string) => named.find((p) => p.name === name)?.id;
  const levels = [
    { projectId: null, kind: 'DAYS' as const, value: 7 },
    { projectId: idOf('Kite Campaign 06'), kind: 'AMOUNT' as const, value: 50 * INR },
    { projectId: idOf('Sunrise Bakery'), kind: 'DAYS' as const, value: 30 },
    { projectId: idOf('Metro Clinics'), kind: 'AMOUNT' as const, value: 1000 * INR },
  ].filter((l) => l.projectId !== undefined);
  const central = await centralForecast(tx, opts.acmeId, opts.now);
  const credits = await projectCreditForecasts(tx, opts.acmeId, opts.now);
  const hourAgo = new Date(opts.now.getTime() - 3_600_000);
  for (const level of levels) {
    const f = level.projectId ? credits.get(level.projectId) : central;
    const crossed = f !== undefined && isCrossed(level, f);
    await tx.insert(walletThresholds).values({
      id: newId(),
      partnerId: opts.acmeId,
      balance: level.projectId ? 'WCC' : 'CENTRAL',
      projectId: level.projectId ?? null,
      kind: level.kind,
      value: level.value,
      crossedAt: crossed ? hourAgo : null,
      createdAt: new Date(opts.now.getTime() - 20 * 86_400_000),
    });
  }
};
