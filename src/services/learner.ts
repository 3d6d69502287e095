/**
 * Schedules retraining of a tenant's ranking weights after invite outcomes arrive. Retraining loads
 * every inviter's book, so it never runs inside the request: it is debounced per tenant and runs in the
 * background; a failure is logged (without personal data) and retried with the next outcome.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Storage, Tenant } from '../storage/types.ts';
import type { AddressBookService } from './address-book.ts';
import { retrainWeights } from './learn.ts';

/** Wait after the last accepted invite before retraining (ms): a burst of records gives one retrain. */
export const RETRAIN_DEBOUNCE_MS = 5_000;

export class Learner {
  private readonly timers = new Map<Tenant, NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly storage: Storage,
    private readonly books: AddressBookService,
    private readonly log: FastifyBaseLogger,
    private readonly debounceMs = RETRAIN_DEBOUNCE_MS,
  ) {}

  /** Asks for a retrain of `tenant` soon. Returns at once. */
  schedule(tenant: Tenant): void {
    clearTimeout(this.timers.get(tenant));
    const timer = setTimeout(() => {
      this.timers.delete(tenant);
      void this.retrainNow(tenant);
    }, this.debounceMs);
    timer.unref();
    this.timers.set(tenant, timer);
  }

  /** Retrains `tenant` now; resolves when the new weights are stored (or nothing was learned). */
  async retrainNow(tenant: Tenant): Promise<void> {
    const job = retrainWeights(this.storage, tenant, { buildContacts: (userId) => this.books.contactsOf(tenant, userId) })
      .then((rec) => {
        if (rec) this.log.info({ samples: rec.samples }, 'ranking weights retrained');
      })
      .catch((err: Error) => this.log.warn({ err: { type: err.name } }, 'retraining failed; keeping the previous weights'));
    this.running.add(job);
    try {
      await job;
    } finally {
      this.running.delete(job);
    }
  }

  /** Cancels pending retrains and waits for running ones (graceful shutdown). */
  async close(): Promise<void> {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}
