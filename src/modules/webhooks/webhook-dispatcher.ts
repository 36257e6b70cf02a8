import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { Counter, Histogram } from "prom-client";
import type { Database, DatabaseHandle } from "../../db/client.js";
import { metricsRegistry } from "../../observability/metrics.js";
import type { EventBus } from "../events/event-bus.js";
import type { ContextLogger } from "../request-context.js";
import { attemptMessage, judgeAttempt, withdrawnVerdict, type AttemptVerdict } from "./webhook-attempt.js";
import { WITHDRAWN, withdrawnDeliveries } from "./webhook-recheck.js";
import { claimDueDeliveries, markWebhooksFailing, markWebhooksHealthy, recordAttempts, type ClaimedDelivery } from "./webhook-dispatch.repository.js";
import { WebhookEnqueuer } from "./webhook-enqueuer.js";
import { WebhookExporter } from "./webhook-exporter.js";
import { WebhookSender } from "./webhook-sender.js";
import { WEBHOOK_WORK_CHANNEL, forgetExpiredSecrets, pruneDeliveryLog } from "./webhooks.repository.js";

export type WebhookDispatcherOptions = {
  /** Attempts in flight in this process. */
  concurrency: number;
  /** Attempts in flight per endpoint in this process: a slow endpoint holds at most this many slots. */
  perWebhook: number;
  timeoutMs: number;
  retrySchedule: readonly number[];
  disableAfterMs: number;
  pollIntervalMs: number;
  allowPrivateNetworks: boolean;
  /** Settled deliveries older than this leave the delivery log. */
  logRetentionMs?: number;
  logger: ContextLogger;
};

/** How often the delivery log is pruned and expired secrets forgotten. */
const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

const attemptCounter = new Counter({
  name: "listings_webhook_attempts_total",
  help: "Webhook delivery attempts, by outcome (succeeded, retry, failed, gone).",
  labelNames: ["outcome"] as const,
  registers: [metricsRegistry],
});

const attemptDuration = new Histogram({
  name: "listings_webhook_attempt_duration_seconds",
  help: "Duration of webhook delivery attempts, in seconds.",
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

/** Finished attempts recorded per statement at most, and how long a result may wait for companions. */
const FLUSH_BATCH = 200;
const FLUSH_DELAY_MS = 10;
const MAX_FLUSH_FAILURES = 5;

/**
 * The webhook worker of one gateway process. The event bus wakes the enqueuer (events → deliveries), and a
 * poll catches retries that come due and anything a wake-up missed. Claimed deliveries are sent concurrently
 * (bounded per process and per endpoint), and their outcomes recorded in batches. Every process may run one:
 * they share the work through leases taken with `FOR UPDATE SKIP LOCKED`.
 */
export class WebhookDispatcher {
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly sender: WebhookSender;
  private readonly enqueuer: WebhookEnqueuer;
  private readonly exporter: WebhookExporter;
  private readonly inFlight = new Map<string, number>();
  private inFlightTotal = 0;
  private readonly sends = new Set<Promise<void>>();
  private results: AttemptVerdict[] = [];
  private readonly enqueueLoop = new Rerunnable(() => this.enqueue());
  private readonly claimLoop = new Rerunnable(() => this.claim());
  private readonly flushLoop = new Rerunnable(() => this.flush());
  private flushTimer: NodeJS.Timeout | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private housekeepingTimer: NodeJS.Timeout | undefined;
  private unregister: (() => void) | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private stopped = true;
  private readonly db: Database;

  constructor(
    private readonly database: Pick<DatabaseHandle, "db" | "listen">,
    private readonly bus: EventBus,
    private readonly options: WebhookDispatcherOptions,
  ) {
    const db = database.db;
    this.db = db;
    this.sender = new WebhookSender({
      timeoutMs: options.timeoutMs,
      allowPrivateNetworks: options.allowPrivateNetworks,
      maxSocketsPerHost: Math.max(options.perWebhook, 8),
    });
    this.enqueuer = new WebhookEnqueuer(db, options.logger);
    this.exporter = new WebhookExporter(db, options.logger);
  }

  /** A lease outlives the attempt's deadline, so a live process never loses a message it is still sending. */
  private get leaseMs(): number {
    return this.options.timeoutMs + 5_000;
  }

  /** Starts working; the event bus must be started. */
  async start(): Promise<void> {
    this.stopped = false;
    this.unregister = this.bus.register(() => this.enqueueLoop.wake()).unregister;
    this.unlisten = await this.database.listen(WEBHOOK_WORK_CHANNEL, () => this.wake());
    this.pollTimer = setInterval(() => this.wake(), this.options.pollIntervalMs);
    this.pollTimer.unref();
    this.housekeepingTimer = setInterval(() => void this.housekeeping(), HOUSEKEEPING_INTERVAL_MS);
    this.housekeepingTimer.unref();
    this.wake();
  }

  /** Prunes the delivery log and forgets expired previous secrets (every process may do it; it is idempotent). */
  async housekeeping(): Promise<void> {
    try {
      if (this.options.logRetentionMs !== undefined) {
        const pruned = await pruneDeliveryLog(this.db, this.options.logRetentionMs);
        if (pruned > 0) this.options.logger.info({ pruned }, "pruned the webhook delivery log");
      }
      await forgetExpiredSecrets(this.db);
    } catch (error) {
      this.options.logger.warn({ err: error }, "webhook housekeeping failed; will retry");
    }
  }

  /** Looks for work now (new events, due deliveries, export batches). */
  wake(): void {
    if (this.stopped) return;
    this.enqueueLoop.wake();
    this.claimLoop.wake();
  }

  /** Stops claiming, lets the attempts in flight finish and records their outcome. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unregister?.();
    await this.unlisten?.().catch(() => undefined);
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.housekeepingTimer) clearInterval(this.housekeepingTimer);
    await Promise.all([this.enqueueLoop.idle(), this.claimLoop.idle()]);
    await Promise.all([...this.sends]);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushLoop.wake();
    await this.flushLoop.idle();
    this.sender.close();
  }

  private async enqueue(): Promise<void> {
    if (this.stopped) return;
    try {
      const recorded = (await this.enqueuer.run(this.bus.cursor)) + (await this.exporter.run());
      if (recorded > 0) this.claimLoop.wake();
    } catch (error) {
      this.options.logger.warn({ err: error }, "recording webhook deliveries failed; will retry");
    }
  }

  private async claim(): Promise<void> {
    while (!this.stopped) {
      const limit = this.options.concurrency - this.inFlightTotal;
      if (limit <= 0) return;
      let claimed: ClaimedDelivery[];
      let withdrawn: Set<string>;
      try {
        claimed = await claimDueDeliveries(this.db, {
          owner: this.owner,
          limit,
          leaseMs: this.leaseMs,
          perWebhook: this.options.perWebhook,
          busy: this.inFlight,
        });
        withdrawn = await withdrawnDeliveries(this.db, claimed);
      } catch (error) {
        // Leases taken and not used expire: the messages are claimed again later.
        this.options.logger.warn({ err: error }, "claiming webhook deliveries failed; will retry");
        return;
      }
      for (const delivery of claimed) {
        if (withdrawn.has(delivery.id)) this.settleWithdrawn(delivery);
        else this.launch(delivery);
      }
      if (claimed.length < limit) return;
    }
  }

  private settleWithdrawn(delivery: ClaimedDelivery): void {
    attemptCounter.inc({ outcome: "withdrawn" });
    this.results.push(withdrawnVerdict(delivery, WITHDRAWN, new Date()));
    this.scheduleFlush();
  }

  private launch(delivery: ClaimedDelivery): void {
    this.inFlightTotal += 1;
    this.inFlight.set(delivery.webhookId, (this.inFlight.get(delivery.webhookId) ?? 0) + 1);
    const send = this.sender
      .send(attemptMessage(delivery, new Date()))
      .then((outcome) => {
        attemptDuration.observe(outcome.durationMs / 1000);
        const verdict = judgeAttempt(delivery, outcome, this.options.retrySchedule);
        attemptCounter.inc({ outcome: verdict.gone ? "gone" : verdict.status === "pending" ? "retry" : verdict.status });
        this.results.push(verdict);
        this.scheduleFlush();
      })
      .catch((error: unknown) => {
        // The lease expires and the message is sent again: at least once holds even here.
        this.options.logger.error({ err: error, deliveryId: delivery.id }, "webhook attempt could not be judged");
      })
      .finally(() => {
        this.inFlightTotal -= 1;
        const left = (this.inFlight.get(delivery.webhookId) ?? 1) - 1;
        if (left > 0) this.inFlight.set(delivery.webhookId, left);
        else this.inFlight.delete(delivery.webhookId);
        this.sends.delete(send);
        this.claimLoop.wake();
      });
    this.sends.add(send);
  }

  private scheduleFlush(): void {
    if (this.results.length >= FLUSH_BATCH) {
      this.flushLoop.wake();
      return;
    }
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      this.flushLoop.wake();
    }, FLUSH_DELAY_MS);
  }

  private async flush(): Promise<void> {
    let failures = 0;
    while (this.results.length > 0) {
      const batch = this.results.splice(0, FLUSH_BATCH);
      try {
        await recordAttempts(this.db, this.owner, batch);
        await this.updateEndpointHealth(batch);
        failures = 0;
      } catch (error) {
        failures += 1;
        this.options.logger.warn({ err: error, failures }, "recording webhook attempts failed");
        // Try again shortly; after a few failures give the batch up: its leases expire and the messages are sent
        // again (at least once), by this process or another.
        if (failures < MAX_FLUSH_FAILURES && !this.stopped) {
          this.results.unshift(...batch);
          await new Promise((resolve) => setTimeout(resolve, 200 * failures));
        }
        continue;
      }
      // Successors of what just completed may be due now (per-listing order).
      this.claimLoop.wake();
    }
  }

  private async updateEndpointHealth(batch: readonly AttemptVerdict[]): Promise<void> {
    const succeeded = new Set(batch.filter((verdict) => verdict.succeeded).map((verdict) => verdict.webhookId));
    const recovered = new Set(batch.filter((v) => v.succeeded && v.endpointWasFailing).map((v) => v.webhookId));
    const failing = new Set(batch.filter((v) => !v.succeeded && !v.withdrawn && !succeeded.has(v.webhookId)).map((v) => v.webhookId));
    // Healthy endpoints cost no statement here: only those that were failing need their bookkeeping cleared.
    if (recovered.size > 0) await markWebhooksHealthy(this.db, [...recovered]);
    for (const verdict of batch.filter((v) => v.gone)) {
      this.options.logger.warn({ webhookId: verdict.webhookId }, "webhook disabled: the receiver answered 410 Gone");
    }
    const disabled = await markWebhooksFailing(this.db, [...failing], this.options.disableAfterMs);
    for (const webhook of disabled) {
      this.options.logger.warn(
        { webhookId: webhook.id, failingSince: webhook.failingSince },
        "webhook disabled: every delivery attempt failed for longer than WEBHOOK_DISABLE_AFTER_MS",
      );
    }
  }
}

/** Runs `task` when woken; a wake-up during a run causes exactly one more run afterwards. */
class Rerunnable {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(private readonly task: () => Promise<void>) {}

  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.task();
      } while (this.again);
    })().finally(() => {
      this.running = undefined;
    });
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }
}
