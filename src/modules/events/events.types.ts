import { DateTimeResolver, UUIDResolver } from "graphql-scalars";
import { Field, InputType, ObjectType, registerEnumType } from "type-graphql";
import { EVENT_RESOURCES, EVENT_TYPES, type EventResource, type EventType, type PropertyType, type TransactionType } from "../../domain/enums.js";
import { PropertyTypeEnum, TransactionTypeEnum } from "../common/enums.graphql.js";

function enumObject<const T extends readonly string[]>(values: T): { [K in T[number]]: K } {
  // Object.fromEntries loses the key/value pairing in its type; every key maps to itself by construction.
  return Object.fromEntries(values.map((value) => [value, value])) as { [K in T[number]]: K };
}

export const ListingEventTypeEnum = enumObject(EVENT_TYPES);
export const ListingEventResourceEnum = enumObject(EVENT_RESOURCES);

registerEnumType(ListingEventTypeEnum, { name: "ListingEventType", description: "What happened to a listing." });
registerEnumType(ListingEventResourceEnum, { name: "ListingEventResource", description: "The kind of listing an event is about." });

/** Which events a subscription receives, within the caller's contract. Every given criterion must hold. */
@InputType("ListingEventFilter")
export class ListingEventFilterInput {
  @Field(() => [ListingEventTypeEnum], { nullable: true, description: "Any of these event types." })
  types?: EventType[] | null;

  @Field(() => ListingEventResourceEnum, { nullable: true, description: "Only events about classifieds, or only about properties." })
  resource?: EventResource | null;

  @Field(() => [String], { nullable: true, description: "Department codes (`75`, `2A`, `971`)." })
  departments?: string[] | null;

  @Field(() => [PropertyTypeEnum], { nullable: true })
  propertyTypes?: PropertyType[] | null;

  @Field(() => TransactionTypeEnum, { nullable: true })
  transactionType?: TransactionType | null;

  @Field(() => [String], { nullable: true, description: "Portal domains (`seloger.com`); a property matches when any of its classifieds does." })
  sourceDomains?: string[] | null;
}

/**
 * One change to a listing, as the subscription delivers it: the classified or property is loaded when the
 * event is delivered (its state now, which may be newer than the change itself).
 */
@ObjectType("ListingEvent")
export class ListingEventView {
  @Field(() => String, { description: "Position in the event stream: subscribe with `after` set to it to resume after this event." })
  cursor!: string;

  @Field(() => ListingEventTypeEnum)
  type!: EventType;

  @Field(() => ListingEventResourceEnum)
  resource!: EventResource;

  @Field(() => UUIDResolver, { description: "Id of the classified or property the event is about." })
  resourceId!: string;

  @Field(() => UUIDResolver, { description: "Id of the property (for a classified event, the property it belongs to)." })
  propertyId!: string;

  @Field(() => UUIDResolver, {
    nullable: true,
    description: "For a property `removed` by a merge: the property that absorbed it (its id now leads there). Null otherwise.",
  })
  mergedInto!: string | null;

  @Field(() => DateTimeResolver)
  occurredAt!: Date;

  @Field(() => [String], { description: "Normalised fields that changed (empty for creations and removals)." })
  changedFields!: string[];
}
