import type { Database } from "../../db/client.js";
import type { EventRow, NewWebhookDeliveryRow } from "../../db/schema/index.js";
import { isOneOf, EVENT_TYPES } from "../../domain/enums.js";
import type { EventCursor } from "../events/event-cursor.js";
import { compileStreamFilter, seenIfMatching } from "../events/event-filter.js";
import { readEventsAfter } from "../events/event-log.repository.js";
import { eventLogHorizonOf } from "../events/event-retention.js";
import { createRequestContext, type ContextLogger, type RequestContext } from "../request-context.js";
import { resourceOfKind, type WebhookKind } from "./webhook-kinds.js";
import { classifiedNotification, propertyNotification, webhookReader } from "./webhook-payloads.js";
import { streamFilterOf } from "./webhook-filter.js";
import { advanceWebhook, disableWebhooksBehindHorizon, listWebhooksBehind, type StreamingWebhook } from "./webhooks.repository.js";

/** Passes over the log per run at most, so one run cannot spin for ever when others keep moving cursors. */
const MAX_ROUNDS = 100;

/**
 * Turns the event log into deliveries for the notification webhooks. Each round reads one stretch of the log
 * once (from the cursor of the webhook furthest behind) and, for every webhook behind, keeps the events its
 * kind, filter and owner's contract accept, renders their bodies (once per listing and contract in the round,
 * with fresh loaders so DataLoader batches the reads), then records the deliveries and moves the webhook's
 * cursor in one transaction (see `advanceWebhook`: several processes may run this concurrently; each stretch
 * is recorded once).
 */
export class WebhookEnqueuer {
  constructor(
    private readonly db: Database,
    private readonly logger: ContextLogger,
    private readonly batchSize = 500,
  ) {}

  /** Brings every active notification webhook up to `head`. Returns the number of deliveries recorded. */
  async run(head: EventCursor): Promise<number> {
    let recorded = 0;
    const stranded = await disableWebhooksBehindHorizon(this.db, await eventLogHorizonOf(this.db));
    if (stranded.length > 0) this.logger.warn({ webhooks: stranded }, "disabled webhooks whose position is older than the event log's horizon");
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const behind = await listWebhooksBehind(this.db, head);
      const first = behind[0];
      if (!first) break;
      const rows = await readEventsAfter(this.db, first.cursor, this.batchSize);
      if (rows.length === 0) break;
      const renderer = new RoundRenderer(this.db, this.logger);
      for (const webhook of behind) recorded += await this.advance(webhook, rows, renderer);
    }
    return recorded;
  }

  private async advance(webhook: StreamingWebhook, rows: EventRow[], renderer: RoundRenderer): Promise<number> {
    const mine = rows.filter((row) => row.id > webhook.cursor);
    const last = mine.at(-1);
    if (!last) return 0;
    const resource = resourceOfKind(webhook.kind as WebhookKind); // kinds are validated when webhooks are created
    const matches = compileStreamFilter({ ...streamFilterOf(webhook.filter), resources: resource ? [resource] : [] });
    // Each event as the owner's contract sees it (its type included: a shared property its listing joins is new to it).
    const accepted = mine.flatMap((row) => seenIfMatching(webhook.contract, matches, row) ?? []);
    const bodies = await Promise.all(accepted.map((row) => renderer.render(webhook, row)));
    const deliveries: NewWebhookDeliveryRow[] = [];
    accepted.forEach((row, index) => {
      const payload = bodies[index];
      if (payload === null || payload === undefined) return;
      deliveries.push({ webhookId: webhook.id, eventId: row.id, eventType: row.type, orderingKey: row.resourceId, payload });
    });
    const moved = await advanceWebhook(this.db, webhook.id, webhook.cursor, last.id, deliveries);
    return moved ? deliveries.length : 0;
  }
}

/** Renders bodies for one round: one request context per contract, one body per (listing, type, contract). */
class RoundRenderer {
  private readonly contexts = new Map<string, RequestContext>();
  private readonly bodies = new Map<string, Promise<string | null>>();

  constructor(
    private readonly db: Database,
    private readonly logger: ContextLogger,
  ) {}

  render(webhook: StreamingWebhook, row: EventRow): Promise<string | null> {
    const contractKey = JSON.stringify(webhook.contract);
    const key = `${row.resource}:${row.resourceId}:${row.type}:${contractKey}`;
    let body = this.bodies.get(key);
    if (!body) {
      const ctx = this.contextFor(webhook, contractKey);
      const type = isOneOf(EVENT_TYPES, row.type) ? row.type : "updated";
      const payload = row.resource === "property" ? propertyNotification(ctx, row.resourceId) : classifiedNotification(ctx, row.resourceId, type);
      body = payload.then((value) => (value === null ? null : JSON.stringify(value)));
      this.bodies.set(key, body);
    }
    return body;
  }

  private contextFor(webhook: StreamingWebhook, contractKey: string): RequestContext {
    let ctx = this.contexts.get(contractKey);
    if (!ctx) {
      ctx = createRequestContext({
        db: this.db,
        primaryDb: this.db,
        viewer: webhookReader(webhook.id, webhook.accountId, webhook.contract),
        requestId: `webhooks:${Date.now().toString(36)}`,
        logger: this.logger,
      });
      this.contexts.set(contractKey, ctx);
    }
    return ctx;
  }
}
