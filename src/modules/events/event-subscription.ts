import type { EventRow } from "../../db/schema/index.js";
import type { EventBus } from "./event-bus.js";
import type { EventCursor } from "./event-cursor.js";
import { EventDelivery } from "./event-delivery.js";
import { readEventsAfter } from "./event-log.repository.js";

export type EventSubscriptionOptions = {
  /** Replay every accepted event after this cursor before going live; absent: live only. */
  after?: EventCursor | undefined;
  /** Decides per event whether this subscriber gets it (contract and stream filter). Read at every event. */
  accept: (event: EventRow) => boolean;
  /** Departments this subscriber can receive events of (null: any); narrows what the bus offers it. */
  departments?: ReadonlySet<string> | null;
  /** Events read per replay statement. */
  pageSize?: number;
  /**
   * Live events kept in memory for a slow consumer. Past this, the queue is dropped and the subscriber catches
   * up from the table instead (memory stays bounded; nothing is lost).
   */
  maxQueued?: number;
};

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * One subscriber's stream: the accepted events after `after` read from the table (replay), then the live events
 * the bus hands out. The bus hands this subscriber every event above the cursor it had when the subscriber
 * registered (`liveFrom`); replay covers `(after, liveFrom]`. Events at or below the last one yielded are
 * dropped, so the seam has neither a gap nor a duplicate. A consumer that falls too far behind goes back to
 * reading the table up to the newest event handed out, then live again. `return()` ends it at once, even while it waits.
 * One consumer at a time: `next()` is not meant to be called again before the previous call settled.
 */
export class EventSubscription implements AsyncIterableIterator<EventDelivery> {
  private position: EventCursor;
  private liveFrom: EventCursor;
  private readonly live: EventDelivery[] = [];
  private replayed: EventDelivery[] = [];
  private readonly unregister: () => void;
  private readonly listener = (delivery: EventDelivery) => this.offer(delivery);
  private wakeConsumer: (() => void) | undefined;
  private finished = false;
  private failure: Error | undefined;
  private readonly pageSize: number;
  private readonly maxQueued: number;

  constructor(
    private readonly bus: EventBus,
    private readonly options: EventSubscriptionOptions,
  ) {
    this.pageSize = options.pageSize ?? 500;
    this.maxQueued = options.maxQueued ?? 10_000;
    const { from, unregister } = bus.register(this.listener, options.departments ?? null);
    this.liveFrom = from;
    this.unregister = unregister;
    this.position = options.after ?? from;
  }

  /** The cursor of the last event yielded (or skipped by replay): where a new subscription would resume. */
  get cursor(): EventCursor {
    return this.position;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<EventDelivery, undefined>> {
    for (;;) {
      if (this.failure) {
        const failure = this.failure;
        this.end();
        throw failure;
      }
      if (this.finished) return DONE;
      const replayed = this.replayed.shift();
      if (replayed) return { done: false, value: replayed };
      if (this.position < this.liveFrom) {
        await this.readReplayPage();
        continue;
      }
      const delivery = this.live.shift();
      if (delivery) {
        if (delivery.event.id <= this.position) continue;
        this.position = delivery.event.id;
        return { done: false, value: delivery };
      }
      await new Promise<void>((resolve) => {
        this.wakeConsumer = resolve;
      });
      this.wakeConsumer = undefined;
    }
  }

  async return(): Promise<IteratorResult<EventDelivery, undefined>> {
    this.end();
    return DONE;
  }

  async throw(error: unknown): Promise<IteratorResult<EventDelivery, undefined>> {
    this.end();
    throw error;
  }

  /** Changes the departments the bus offers this subscriber (after its contract changed). */
  reroute(departments: ReadonlySet<string> | null): void {
    if (!this.finished && !this.failure) this.bus.route(this.listener, departments);
  }

  /** Ends the stream with an error that the consumer receives on its next read. */
  fail(error: Error): void {
    if (this.finished) return;
    this.failure = error;
    this.unregister();
    this.wakeConsumer?.();
  }

  private end(): void {
    this.finished = true;
    this.unregister();
    this.live.length = 0;
    this.replayed = [];
    this.wakeConsumer?.();
  }

  private offer(delivery: EventDelivery): void {
    if (this.finished || this.failure || !this.options.accept(delivery.event)) return;
    if (this.live.length >= this.maxQueued) {
      // Too far behind: forget the queue and replay from the table up to this event instead.
      this.live.length = 0;
      this.liveFrom = delivery.event.id;
    } else {
      this.live.push(delivery);
    }
    this.wakeConsumer?.();
  }

  private async readReplayPage(): Promise<void> {
    // Events up to `limit` were committed before this read started (the bus had read them), so a short page
    // proves there are no more; liveFrom may rise during the read, hence the copy.
    const limit = this.liveFrom;
    const rows = await readEventsAfter(this.bus.db, this.position, this.pageSize);
    const page: EventDelivery[] = [];
    for (const row of rows) {
      if (row.id > limit) break;
      this.position = row.id;
      if (this.options.accept(row)) page.push(new EventDelivery(row));
    }
    if ((rows.length < this.pageSize || (rows.at(-1)?.id ?? 0n) >= limit) && this.position < limit) this.position = limit;
    if (!this.finished) this.replayed = page;
  }
}
