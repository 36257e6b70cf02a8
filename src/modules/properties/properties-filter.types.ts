import { Field, Float, InputType, Int, registerEnumType } from "type-graphql";
import type { EnergyLabel, PropertyType, TransactionType } from "../../domain/enums.js";
import { PROPERTY_SEARCH_SORT_FIELDS, SORT_ORDERS, type PropertySearchSortField, type SortOrder } from "../search/search.types.js";
import { EnergyLabelEnum, PropertyTypeEnum, TransactionTypeEnum } from "../common/enums.graphql.js";

/** GraphQL inputs of `properties(filter, orderBy)`: every filter and sort of the v1 property search. */

export const PropertySortFieldEnum = Object.fromEntries(PROPERTY_SEARCH_SORT_FIELDS.map((v) => [v, v])) as {
  // Built from the array; every key maps to itself.
  [K in PropertySearchSortField]: K;
};
export const SortDirectionEnum = Object.fromEntries(SORT_ORDERS.map((v) => [v, v])) as { [K in SortOrder]: K }; // as above
registerEnumType(PropertySortFieldEnum, {
  name: "PropertySortField",
  description: "`relevance` ranks by text match when `filter.text` is given, else orders like `firstSeenAt`.",
});
registerEnumType(SortDirectionEnum, { name: "SortDirection" });

@InputType("GeoPointInput")
export class GeoPointInput {
  @Field(() => Float, { description: "Latitude, -90..90." })
  lat!: number;

  @Field(() => Float, { description: "Longitude, -180..180." })
  lng!: number;
}

@InputType("GeoBboxInput")
export class GeoBboxInput {
  @Field(() => GeoPointInput)
  sw!: GeoPointInput;

  @Field(() => GeoPointInput)
  ne!: GeoPointInput;
}

@InputType("GeoCircleInput")
export class GeoCircleInput {
  @Field(() => GeoPointInput)
  center!: GeoPointInput;

  @Field(() => Int, { description: "10..50000." })
  radiusMeters!: number;
}

@InputType("IntRangeInput", { description: "Inclusive bounds; either may be left out." })
export class IntRangeInput {
  @Field(() => Int, { nullable: true })
  min?: number | null;

  @Field(() => Int, { nullable: true })
  max?: number | null;
}

@InputType("PropertyFilter", { description: "Every given filter narrows the result; the caller's contract always applies." })
export class PropertyFilterInput {
  @Field(() => TransactionTypeEnum, { nullable: true })
  transactionType?: TransactionType | null;

  @Field(() => [PropertyTypeEnum], { nullable: true })
  propertyTypes?: PropertyType[] | null;

  @Field(() => [String], { nullable: true, description: "Department codes (`75`, `2A`, `971`)." })
  departments?: string[] | null;

  @Field(() => [String], { nullable: true })
  inseeCodes?: string[] | null;

  @Field(() => [String], { nullable: true })
  postcodes?: string[] | null;

  @Field(() => GeoBboxInput, { nullable: true })
  bbox?: GeoBboxInput | null;

  @Field(() => GeoCircleInput, { nullable: true })
  circle?: GeoCircleInput | null;

  @Field(() => IntRangeInput, { nullable: true, description: "Current price." })
  price?: IntRangeInput | null;

  @Field(() => IntRangeInput, { nullable: true, description: "Area in square metres." })
  area?: IntRangeInput | null;

  @Field(() => IntRangeInput, { nullable: true, description: "Number of rooms (only `min` is supported)." })
  roomCount?: IntRangeInput | null;

  @Field(() => IntRangeInput, { nullable: true, description: "Number of bedrooms (only `min` is supported)." })
  bedroomCount?: IntRangeInput | null;

  @Field(() => Boolean, { nullable: true })
  balconyExists?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  cellarExists?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  elevatorExists?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  garageExists?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  gardenExists?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  parkingExists?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  swimmingPoolExists?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  terraceExists?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  isProgram?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: "The price changed at least once." })
  priceHasChanged?: boolean | null;

  @Field(() => [EnergyLabelEnum], { nullable: true })
  dpeLabels?: EnergyLabel[] | null;

  @Field(() => [EnergyLabelEnum], { nullable: true })
  gesLabels?: EnergyLabel[] | null;

  @Field(() => [String], { nullable: true, description: "Listed on at least one of these portals." })
  sourceDomains?: string[] | null;

  @Field(() => IntRangeInput, { nullable: true, description: "Number of distinct portals listing the property." })
  sourceDomainsCount?: IntRangeInput | null;

  @Field(() => String, { nullable: true, description: "Free text, at most 400 characters (accents and word forms ignored)." })
  text?: string | null;

  @Field(() => Float, { nullable: true, description: "Typo tolerance 0..1 for `text` (default 0.2)." })
  textThreshold?: number | null;
}

@InputType("PropertyOrder")
export class PropertyOrderInput {
  @Field(() => PropertySortFieldEnum, { defaultValue: "firstSeenAt" })
  field!: PropertySearchSortField;

  @Field(() => SortDirectionEnum, { defaultValue: "desc" })
  direction!: SortOrder;
}
