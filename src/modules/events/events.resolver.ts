import { Arg, Ctx, FieldResolver, Resolver, Root, Subscription, type SubscribeResolverData } from "type-graphql";
import { isOneOf, EVENT_RESOURCES, EVENT_TYPES } from "../../domain/enums.js";
import { forbidden } from "../../errors.js";
import { toClassifiedView } from "../classifieds/classifieds.mapper.js";
import { getClassified } from "../classifieds/classifieds.service.js";
import { ClassifiedView } from "../classifieds/classifieds.types.js";
import { loadCost } from "../common/cost.js";
import { toPropertyView } from "../properties/properties.mapper.js";
import { getProperty } from "../properties/properties.service.js";
import { PropertyView } from "../properties/properties.types.js";
import type { RequestContext } from "../request-context.js";
import { ListingEventFilterInput, ListingEventView } from "./events.types.js";
import { parseCursor } from "./event-cursor.js";
import { assertCursorRetained } from "./event-retention.js";
import { listingEventStream, type LiveConnection, type ListingEventPayload } from "./listing-event-stream.js";

/** The context of an operation received over the websocket: a request context plus the connection's live state. */
export type SubscriptionContext = RequestContext & { live?: LiveConnection };

type ListingEventsArgs = { after?: string | null; filter?: ListingEventFilterInput | null };

/** Arguments as GraphQL coerced them (types and enum values already checked against the schema). */
async function subscribeToListingEvents({
  args,
  context,
}: SubscribeResolverData<unknown, ListingEventsArgs, SubscriptionContext>): Promise<AsyncIterable<ListingEventPayload>> {
  const { live } = context;
  if (!live) throw forbidden("listingEvents is served over the websocket at /graphql (graphql-transport-ws).");
  const after = parseCursor(args.after);
  // A cursor older than the event log's horizon would resume with a gap: refused (CURSOR_EXPIRED) instead.
  if (after !== undefined) await assertCursorRetained(context.primaryDb, after);
  // Events come from the primary, and so does what their fields read: a replica behind the event would show
  // the listing as it was before it (or not at all, for a creation).
  return listingEventStream(live, context.primaryDb, args);
}

/** `listingEvents`: creations, updates and removals of the listings the caller may see, replayed then live. */
@Resolver(() => ListingEventView)
export class ListingEventsResolver {
  @Subscription(() => ListingEventView, {
    subscribe: subscribeToListingEvents,
    description:
      "Every change to the listings within your contract that match `filter`: first those after the cursor `after` " +
      "(none when absent), then live as they happen, in cursor order, with no gap and no duplicate.",
  })
  listingEvents(
    @Root() payload: ListingEventPayload,
    @Arg("after", () => String, {
      nullable: true,
      description: "Resume after this event cursor. One older than the event log's retention is refused (CURSOR_EXPIRED).",
    })
    _after: string | null,
    @Arg("filter", () => ListingEventFilterInput, { nullable: true }) _filter: ListingEventFilterInput | null,
  ): ListingEventView {
    const { event } = payload;
    return {
      cursor: payload.delivery.cursor,
      type: isOneOf(EVENT_TYPES, event.type) ? event.type : "updated",
      resource: isOneOf(EVENT_RESOURCES, event.resource) ? event.resource : "classified",
      resourceId: event.resourceId,
      propertyId: event.propertyId,
      // A merge records the absorbed property's removal under the survivor's id (see apply-batch.ts).
      mergedInto: event.resource === "property" && event.propertyId !== event.resourceId ? event.propertyId : null,
      occurredAt: event.occurredAt,
      changedFields: event.changedFields,
    };
  }

  @FieldResolver(() => ClassifiedView, {
    nullable: true,
    complexity: loadCost,
    description: "The classified as it is now, for classified events; null for property events or when no longer visible.",
  })
  async classified(@Root() event: ListingEventView, @Ctx() ctx: RequestContext): Promise<ClassifiedView | null> {
    if (event.resource !== "classified") return null;
    const row = await getClassified(ctx, event.resourceId);
    return row && toClassifiedView(row);
  }

  @FieldResolver(() => PropertyView, {
    nullable: true,
    complexity: loadCost,
    description: "The property as it is now: the event's property, or the property of the event's classified.",
  })
  async property(@Root() event: ListingEventView, @Ctx() ctx: RequestContext): Promise<PropertyView | null> {
    const row = await getProperty(ctx, event.propertyId);
    return row && toPropertyView(row);
  }
}
