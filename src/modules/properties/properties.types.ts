import { DateTimeResolver, UUIDResolver } from "graphql-scalars";
import { Field, Float, Int, ObjectType } from "type-graphql";
import type { PropertyRow } from "../../db/schema/index.js";
import type { PropertyType, TransactionType } from "../../domain/enums.js";
import { LocationView, PropertyEnergyView, StatusView } from "../common/common.types.js";
import { CurrencyEnum, PropertyTypeEnum, SquareUnitEnum, TransactionTypeEnum } from "../common/enums.graphql.js";

/** GraphQL types of a property: the real-world object that groups classifieds (v1 representation 2.3). */

@ObjectType("PropertyMeta", { simpleResolvers: true })
export class PropertyMetaView {
  @Field(() => DateTimeResolver)
  firstSeenAt!: Date;

  @Field(() => DateTimeResolver)
  lastSeenAt!: Date;

  @Field(() => DateTimeResolver)
  lastModifiedAt!: Date;
}

@ObjectType("PropertyAttributes", { simpleResolvers: true })
export class PropertyAttributesView {
  @Field(() => PropertyTypeEnum)
  type!: PropertyType;

  @Field(() => Float, { nullable: true, description: "Square metres." })
  area!: number | null;

  @Field(() => Int, { nullable: true })
  roomCount!: number | null;

  @Field(() => Int, { nullable: true })
  bedroomCount!: number | null;

  @Field(() => Boolean, { nullable: true })
  balconyExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  terraceExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  parkingExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  cellarExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  elevatorExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  garageExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  gardenExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  swimmingPoolExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  isProgram!: boolean | null;
}

@ObjectType("PropertyPricePoint", { simpleResolvers: true })
export class PropertyPricePointView {
  @Field(() => Int)
  value!: number;

  @Field(() => DateTimeResolver)
  timestamp!: string;
}

@ObjectType("PropertyPrice", { simpleResolvers: true })
export class PropertyPriceView {
  @Field(() => Int)
  initial!: number;

  @Field(() => Int)
  current!: number;

  @Field(() => Int, { nullable: true })
  perSquareUnit!: number | null;

  @Field(() => [PropertyPricePointView], { description: "Every price the property has had, oldest first." })
  history!: PropertyPricePointView[];

  @Field(() => DateTimeResolver, { nullable: true, description: "When the price last changed; null if it never did." })
  changedAt!: Date | null;
}

@ObjectType("PropertyTransaction", { simpleResolvers: true })
export class PropertyTransactionView {
  @Field(() => TransactionTypeEnum)
  type!: TransactionType;

  @Field(() => PropertyPriceView)
  price!: PropertyPriceView;
}

@ObjectType("PropertyMedia", { simpleResolvers: true })
export class PropertyMediaView {
  /** Not a field: the images resolver picks the classified to show. */
  property!: PropertyRow;
}

@ObjectType("Property", {
  simpleResolvers: true,
  description: "A real-world object that groups the classifieds publishing it. Visible when one of them is.",
})
export class PropertyView {
  /** Not a field: what the description, images and classifieds resolvers start from. */
  row!: PropertyRow;

  @Field(() => UUIDResolver)
  id!: string;

  @Field(() => StatusView)
  status!: StatusView;

  @Field(() => CurrencyEnum)
  currency!: "euro";

  @Field(() => SquareUnitEnum)
  squareUnit!: "squareMeter";

  @Field(() => LocationView)
  location!: LocationView;

  @Field(() => PropertyMetaView)
  meta!: PropertyMetaView;

  @Field(() => PropertyAttributesView, { description: "What the property is (v1 `property`)." })
  attributes!: PropertyAttributesView;

  @Field(() => PropertyEnergyView)
  energy!: PropertyEnergyView;

  @Field(() => PropertyTransactionView)
  transaction!: PropertyTransactionView;

  @Field(() => PropertyMediaView)
  media!: PropertyMediaView;
}
