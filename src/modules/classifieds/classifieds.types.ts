import { DateTimeResolver, EmailAddressResolver, URLResolver, UUIDResolver } from "graphql-scalars";
import { Field, Int, ObjectType } from "type-graphql";
import type { PublisherType, TransactionType } from "../../domain/enums.js";
import { ClassifiedEnergyView, LocationView, StatusView } from "../common/common.types.js";
import { CurrencyEnum, PublisherTypeEnum, SquareUnitEnum, TransactionTypeEnum } from "../common/enums.graphql.js";
import { ClassifiedAttributesView } from "./classified-attributes.types.js";

/** GraphQL types of a classified: one listing as published on one portal (v1 representations 2.4-2.7). */

@ObjectType("Source", { simpleResolvers: true })
export class SourceView {
  @Field(() => String, { description: "Registrable domain of the portal, e.g. `seloger.com`." })
  domain!: string;

  @Field(() => URLResolver)
  url!: string;
}

@ObjectType("Publisher", { simpleResolvers: true })
export class PublisherView {
  @Field(() => Boolean, { nullable: true })
  isProfessional!: boolean | null;

  @Field(() => PublisherTypeEnum, { nullable: true })
  type!: PublisherType | null;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => EmailAddressResolver, { nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true, description: "E.164." })
  phone!: string | null;

  @Field(() => URLResolver, { nullable: true })
  feesUrl!: string | null;

  @Field(() => String, { nullable: true })
  siren!: string | null;

  @Field(() => String, { nullable: true })
  siret!: string | null;
}

@ObjectType("Contact", { simpleResolvers: true })
export class ContactView {
  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => EmailAddressResolver, { nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true, description: "E.164." })
  phone!: string | null;

  @Field(() => Boolean)
  phoneExists!: boolean;

  @Field(() => Boolean, { nullable: true })
  isRefusingSolicitation!: boolean | null;
}

@ObjectType("ClassifiedMeta", { simpleResolvers: true })
export class ClassifiedMetaView {
  @Field(() => DateTimeResolver)
  firstSeenAt!: Date;

  @Field(() => DateTimeResolver)
  lastModifiedAt!: Date;

  @Field(() => DateTimeResolver)
  lastSeenAt!: Date;

  @Field(() => DateTimeResolver, { nullable: true })
  removedAt!: Date | null;
}

@ObjectType("ClassifiedPricePoint", { simpleResolvers: true })
export class ClassifiedPricePointView {
  @Field(() => UUIDResolver)
  id!: string;

  @Field(() => Int)
  value!: number;

  @Field(() => DateTimeResolver)
  timestamp!: Date;
}

@ObjectType("ClassifiedPrice", { simpleResolvers: true })
export class ClassifiedPriceView {
  /** Not a field: lets the history resolver load by classified. */
  classifiedId!: string;

  @Field(() => Int)
  current!: number;

  @Field(() => Int)
  initial!: number;

  @Field(() => Int, { nullable: true, description: "Current price per square metre." })
  perSquareUnit!: number | null;
}

@ObjectType("ClassifiedTransaction", { simpleResolvers: true })
export class ClassifiedTransactionView {
  @Field(() => TransactionTypeEnum)
  type!: TransactionType;

  @Field(() => Boolean, { nullable: true })
  isExclusiveMandate!: boolean | null;

  @Field(() => ClassifiedPriceView)
  price!: ClassifiedPriceView;
}

@ObjectType("ClassifiedMedia", { simpleResolvers: true })
export class ClassifiedMediaView {
  /** Not a field: lets the images resolver load by classified. */
  classifiedId!: string;
}

@ObjectType("Classified", { simpleResolvers: true, description: "One listing as published on one portal." })
export class ClassifiedView {
  @Field(() => UUIDResolver)
  id!: string;

  @Field(() => UUIDResolver)
  propertyId!: string;

  @Field(() => StatusView)
  status!: StatusView;

  @Field(() => CurrencyEnum)
  currency!: "euro";

  @Field(() => SquareUnitEnum)
  squareUnit!: "squareMeter";

  @Field(() => String, { nullable: true })
  title!: string | null;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => DateTimeResolver, { nullable: true })
  publishedAt!: Date | null;

  @Field(() => SourceView)
  source!: SourceView;

  @Field(() => PublisherView)
  publisher!: PublisherView;

  @Field(() => ContactView)
  contact!: ContactView;

  @Field(() => ClassifiedMetaView)
  meta!: ClassifiedMetaView;

  @Field(() => LocationView)
  location!: LocationView;

  @Field(() => ClassifiedAttributesView, { description: "What is for sale or rent (v1 `property`)." })
  attributes!: ClassifiedAttributesView;

  @Field(() => ClassifiedEnergyView)
  energy!: ClassifiedEnergyView;

  @Field(() => ClassifiedTransactionView)
  transaction!: ClassifiedTransactionView;

  @Field(() => ClassifiedMediaView)
  media!: ClassifiedMediaView;
}
