import type { DbOrTx } from '../../../platform/db/open.js';
import { webhookDeliveries } from '../../../platform/db/schema.js';
import { rowsOfEach } from '../../../platform/db/unnest.js';
import { loadDeliveries, type DeliveryToSend } from './deliver-queries.js';

/** What the delivery worker reads of a claimed job's payload (DeliverJob). */
type JobOfDelivery = { deliveryId: string; partnerId?: string | undefined };

/**
 * The partner of each job's delivery. A job names it (emit.ts, the console's replays), so that
 * nothing about the delivery has to be asked of every node of a distributed database. Jobs queued
 * before jobs carried their partner (an existing database's backlog) name their delivery alone:
 * their partners are read by the deliveries' ids, once for all of them, the one read of a batch
 * that still goes to every node. Undefined for a delivery that is gone (its log pruned, its
 * webhook deleted): its job ends.
 */
const partnersOf = async (db: DbOrTx, jobs: readonly JobOfDelivery[]) => {
  const unnamed = jobs.filter((j) => j.partnerId === undefined).map((j) => j.deliveryId);
  const found =
    unnamed.length === 0 ? [] : await rowsOfEach(db, webhookDeliveries, webhookDeliveries.id, [...new Set(unnamed)]);
  const partnerOfDelivery = new Map(found.map((d) => [d.id, d.partnerId]));
  return (j: JobOfDelivery) => j.partnerId ?? partnerOfDelivery.get(j.deliveryId);
};

/**
 * The deliveries of claimed jobs with what their attempts need, read a partner at a time: one
 * statement for each partner's share of the batch, naming the partner, so that on a distributed
 * database each goes to that partner's node alone (docs/scaling.md); the partners' reads run at
 * once. Answers, for a delivery id, its delivery (undefined when it is gone).
 */
export const claimedDeliveries = (
  db: DbOrTx,
  jobs: readonly JobOfDelivery[],
): ((deliveryId: string) => Promise<DeliveryToSend | undefined>) => {
  const byDelivery = (async () => {
    const partnerOf = await partnersOf(db, jobs);
    const idsOfPartner = new Map<string, Set<string>>();
    for (const j of jobs) {
      const partnerId = partnerOf(j);
      if (partnerId === undefined) continue;
      const ids = idsOfPartner.get(partnerId);
      if (ids) ids.add(j.deliveryId);
      else idsOfPartner.set(partnerId, new Set([j.deliveryId]));
    }
    const loaded = new Map<string, Promise<DeliveryToSend | undefined>>();
    for (const [partnerId, ids] of idsOfPartner) {
      const ofPartner = loadDeliveries(db, partnerId, [...ids]);
      for (const id of ids)
        loaded.set(
          id,
          ofPartner.then((found) => found.get(id)),
        );
    }
    return loaded;
  })();
  return async (deliveryId) => (await byDelivery).get(deliveryId);
};
