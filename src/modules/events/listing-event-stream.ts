import type { EventRow } from "../../db/schema/index.js";
import type { Contract } from "../../domain/contract.js";
import { normaliseDepartmentCode } from "../../domain/geography.js";
import type { Viewer } from "../auth/auth.types.js";
import { createRequestContext, type ContextLogger, type RequestContext } from "../request-context.js";
import type { EventBus } from "./event-bus.js";
import { parseCursor } from "./event-cursor.js";
import type { EventDelivery } from "./event-delivery.js";
import { compileStreamFilter, eventAsSeenBy, seenIfMatching, type ListingStreamFilter } from "./event-filter.js";
import { EventSubscription } from "./event-subscription.js";
import type { ListingEventFilterInput } from "./events.types.js";

/**
 * One websocket connection's live state: the viewer as last authenticated (re-checked periodically, so a
 * contract change applies and a revoked token ends its subscriptions) and its open event streams.
 */
export type LiveConnection = {
  viewer: Viewer;
  /** A short key of the viewer's contract, equal for equal contracts (kept in step with `viewer`). */
  contractKey: string;
  readonly bus: EventBus;
  readonly logger: ContextLogger;
  /** Open streams, each with how it derives the departments it can receive from a contract. */
  readonly streams: Map<EventSubscription, (contract: Contract) => ReadonlySet<string> | null>;
};

/** What `listingEvents` yields: the event, and the request context its fields are resolved with. */
export class ListingEventPayload {
  constructor(
    readonly delivery: EventDelivery,
    /** Fresh loaders for this event, shared by the subscribers with the same contract. */
    readonly context: RequestContext,
    readonly contractKey: string,
    /** The event as the subscriber's contract sees it (`eventAsSeenBy`). */
    readonly event: EventRow,
  ) {}
}

const contractKeys = new Map<string, string>();
/* Keys are never reused (a counter, not the map's size), so clearing the map cannot make two values share one. */
let nextContractKey = 0;

/**
 * A short key for a contract: equal contracts get the same key, so per-event work is shared between subscribers
 * with the same contract (interned: thousands of subscribers do not build long keys per event).
 */
export function contractKeyOf(contract: Contract): string {
  const text = JSON.stringify([contract.allDepartments, contract.departments, contract.sirens, contract.sirets]);
  let key = contractKeys.get(text);
  if (key === undefined) {
    if (contractKeys.size >= 100_000) contractKeys.clear();
    key = (nextContractKey++).toString(36);
    contractKeys.set(text, key);
  }
  return key;
}

/** The stream filter a subscriber asked for, with department codes in their official form. */
export function streamFilterOfInput(input: ListingEventFilterInput | null | undefined): ListingStreamFilter {
  if (!input) return {};
  return {
    types: input.types,
    resources: input.resource ? [input.resource] : null,
    departments: input.departments?.map((code) => normaliseDepartmentCode(code) ?? code),
    propertyTypes: input.propertyTypes,
    transactionTypes: input.transactionType ? [input.transactionType] : null,
    sourceDomains: input.sourceDomains,
  };
}

/** The departments whose events a subscriber may receive: its contract's, narrowed by its filter (null: any). */
export function departmentsReachable(contract: Contract, filtered: readonly string[] | null | undefined): ReadonlySet<string> | null {
  const wanted = filtered && filtered.length > 0 ? filtered : null;
  if (contract.allDepartments) return wanted ? new Set(wanted) : null;
  return new Set(wanted ? contract.departments.filter((department) => wanted.includes(department)) : contract.departments);
}

/**
 * The events of `listingEvents(after, filter)` for one connection: replay after the cursor, then live, only
 * events within the viewer's current contract that match the filter. Each event comes with a request context
 * built once per event and contract, so subscribers with the same contract share its loaders (one load per
 * event, not per subscriber) and nothing is read with loaders older than the event.
 */
export function listingEventStream(
  connection: LiveConnection,
  /** The primary, which the event log is read from: each event's fields are read there too. */
  db: RequestContext["primaryDb"],
  args: { after?: string | null; filter?: ListingEventFilterInput | null },
): AsyncIterableIterator<ListingEventPayload> {
  const after = parseCursor(args.after);
  const filter = streamFilterOfInput(args.filter);
  const matches = compileStreamFilter(filter);
  const routing = (contract: Contract) => departmentsReachable(contract, filter.departments);
  const source = new EventSubscription(connection.bus, {
    after,
    accept: (event) => seenIfMatching(connection.viewer.contract, matches, event) !== null,
    departments: routing(connection.viewer.contract),
  });
  connection.streams.set(source, routing);
  const close = () => connection.streams.delete(source);
  const toPayload = (delivery: EventDelivery): ListingEventPayload => {
    const { viewer, contractKey } = connection;
    const context = delivery.shared(`c${contractKey}`, () =>
      createRequestContext({ db, primaryDb: db, viewer, requestId: `event:${delivery.cursor}`, logger: connection.logger }),
    );
    // Accepted under this contract a moment ago; should it have changed since, the event goes as recorded.
    return new ListingEventPayload(delivery, context, contractKey, eventAsSeenBy(viewer.contract, delivery.event) ?? delivery.event);
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      const result = await source.next();
      if (result.done) {
        close();
        return { done: true, value: undefined };
      }
      return { done: false, value: toPayload(result.value) };
    },
    async return() {
      close();
      await source.return();
      return { done: true, value: undefined };
    },
    async throw(error: unknown) {
      close();
      await source.return();
      throw error;
    },
  };
}
