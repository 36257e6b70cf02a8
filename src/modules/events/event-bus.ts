import type { Database, DatabaseHandle } from "../../db/client.js";
import type { EventCursor } from "./event-cursor.js";
import { EventDelivery } from "./event-delivery.js";
import { latestEventCursor, readEventsAfter } from "./event-log.repository.js";
import { EVENTS_CHANNEL } from "./events.repository.js";

export type EventListener = (delivery: EventDelivery) => void;

export type EventBusLogger = { warn(obj: object, msg?: string): void; debug(obj: object, msg?: string): void };

export type EventBusOptions = {
  /** Safety poll: read the table this often even without a notification (a NOTIFY can be lost on reconnect). */
  pollIntervalMs?: number;
  /** Events read per statement. */
  batchSize?: number;
  logger?: EventBusLogger;
};

/**
 * The per-process reader of the event log. One LISTEN wakes one reader loop, which reads the new events once
 * and hands each to the local listeners that may want it (by department); listeners filter for themselves
 * (contract, stream filter) without touching the database. Notifications are only wake-ups: the loop always reads from its own cursor in the
 * table, so a missed or coalesced notification costs latency, never an event.
 */
export class EventBus {
  private head: EventCursor | undefined;
  /** Listeners that want events of any department. */
  private readonly everywhere = new Set<EventListener>();
  /** Listeners that only want some departments, by department: an event is offered to its department's only. */
  private readonly byDepartment = new Map<string, Set<EventListener>>();
  private readonly routes = new Map<EventListener, ReadonlySet<string> | null>();
  private pumping: Promise<void> | undefined;
  private pumpAgain = false;
  private unlisten: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;

  constructor(
    private readonly database: Pick<DatabaseHandle, "db" | "listen">,
    private readonly options: EventBusOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 2_000;
    this.batchSize = options.batchSize ?? 500;
  }

  get db(): Database {
    return this.database.db;
  }

  /** Starts at the newest committed event: listeners get what commits from now on. */
  async start(): Promise<void> {
    this.head = await latestEventCursor(this.database.db);
    this.unlisten = await this.database.listen(EVENTS_CHANNEL, () => this.wake());
    this.timer = setInterval(() => this.wake(), this.pollIntervalMs);
    this.timer.unref();
    // Events committed between reading the head and LISTEN taking effect are picked up here.
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.unlisten?.().catch(() => undefined);
    await this.pumping;
    this.everywhere.clear();
    this.byDepartment.clear();
    this.routes.clear();
  }

  /** The last event handed to listeners. */
  get cursor(): EventCursor {
    if (this.head === undefined) throw new Error("EventBus used before start()");
    return this.head;
  }

  /**
   * Adds a listener. Returns the cursor at this instant: the listener will be handed exactly the events above
   * it (JavaScript runs the hand-out of one event to all listeners without interruption, so no event is half
   * delivered when a listener joins), and a function that removes it. `departments` (when not null) limits
   * the events offered to those of these departments: with thousands of listeners, an event then costs only
   * the listeners that may want it. Listeners still check each event themselves.
   */
  register(listener: EventListener, departments: ReadonlySet<string> | null = null): { from: EventCursor; unregister: () => void } {
    const from = this.cursor;
    this.route(listener, departments);
    return { from, unregister: () => this.route(listener, undefined) };
  }

  /** Changes the departments a registered listener is offered (null: all); `undefined` removes it. */
  route(listener: EventListener, departments: ReadonlySet<string> | null | undefined): void {
    const previous = this.routes.get(listener);
    if (previous === null) this.everywhere.delete(listener);
    for (const department of previous ?? []) {
      const set = this.byDepartment.get(department);
      set?.delete(listener);
      if (set?.size === 0) this.byDepartment.delete(department);
    }
    if (departments === undefined) {
      this.routes.delete(listener);
      return;
    }
    this.routes.set(listener, departments);
    if (departments === null) {
      this.everywhere.add(listener);
      return;
    }
    for (const department of departments) {
      let set = this.byDepartment.get(department);
      if (!set) {
        set = new Set();
        this.byDepartment.set(department, set);
      }
      set.add(listener);
    }
  }

  /** Reads new events now (also called by NOTIFY and the safety poll). Calls during a read cause one more read. */
  wake(): void {
    if (this.stopped || this.head === undefined) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = this.pump().finally(() => {
      this.pumping = undefined;
    });
  }

  /** Resolves when every event committed before the call has been handed out (tests and shutdown use it). */
  async drain(): Promise<void> {
    this.wake();
    while (this.pumping) await this.pumping;
  }

  private async pump(): Promise<void> {
    do {
      this.pumpAgain = false;
      try {
        let rows: Awaited<ReturnType<typeof readEventsAfter>>;
        do {
          rows = await readEventsAfter(this.database.db, this.cursor, this.batchSize);
          for (const row of rows) this.handOut(new EventDelivery(row));
        } while (rows.length === this.batchSize && !this.stopped);
      } catch (error) {
        // The database is unreachable or the statement failed: the next wake-up (or poll) retries from the cursor.
        this.options.logger?.warn({ err: error }, "reading the event log failed; will retry");
        return;
      }
    } while (this.pumpAgain && !this.stopped);
  }

  private handOut(delivery: EventDelivery): void {
    const offer = (listener: EventListener) => {
      try {
        listener(delivery);
      } catch (error) {
        this.options.logger?.warn({ err: error, cursor: delivery.cursor }, "event listener failed");
      }
    };
    for (const listener of this.everywhere) offer(listener);
    for (const listener of this.byDepartment.get(delivery.event.department) ?? []) offer(listener);
    this.head = delivery.event.id;
  }
}
