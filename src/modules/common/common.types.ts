import { DateTimeResolver, URLResolver, UUIDResolver } from "graphql-scalars";
import { Field, Float, Int, ObjectType } from "type-graphql";
import type { EnergyLabel, HeatingSource, HeatingSystem, HeatingType, ListingStatus } from "../../domain/enums.js";
import { CountryEnum, EnergyLabelEnum, HeatingSourceEnum, HeatingSystemEnum, HeatingTypeEnum, ListingStatusEnum } from "./enums.graphql.js";

/**
 * GraphQL object types shared by classifieds and properties. Every object type here and in the modules uses
 * `simpleResolvers`: its fields read plain properties of the view objects the mappers build, with GraphQL's
 * default resolver and no per-field middleware.
 */

@ObjectType("Status", { simpleResolvers: true })
export class StatusView {
  @Field(() => ListingStatusEnum)
  current!: ListingStatus;
}

@ObjectType("City", { simpleResolvers: true })
export class CityView {
  @Field(() => String)
  name!: string;

  @Field(() => String, { description: "INSEE code of the commune." })
  inseeCode!: string;
}

@ObjectType("Location", { simpleResolvers: true })
export class LocationView {
  @Field(() => CityView)
  city!: CityView;

  @Field(() => String)
  postcode!: string;

  @Field(() => String, { description: "Department code (`75`, `2A`, `971`)." })
  department!: string;

  @Field(() => CountryEnum)
  country!: "france";

  @Field(() => Float, { nullable: true })
  latitude!: number | null;

  @Field(() => Float, { nullable: true })
  longitude!: number | null;
}

@ObjectType("Image", { simpleResolvers: true })
export class ImageView {
  @Field(() => UUIDResolver)
  id!: string;

  @Field(() => Int)
  position!: number;

  @Field(() => URLResolver)
  url!: string;

  @Field(() => String, { nullable: true, description: "Perceptual hash (pHash), hexadecimal." })
  perceptualHash!: string | null;

  @Field(() => String, { nullable: true, description: "Difference hash (dHash), hexadecimal." })
  differenceHash!: string | null;

  @Field(() => String, { nullable: true, description: "Average hash (aHash), hexadecimal." })
  averageHash!: string | null;
}

@ObjectType("EnergyRating", { simpleResolvers: true, description: "A DPE or GES diagnosis of a classified." })
export class EnergyRatingView {
  @Field(() => EnergyLabelEnum, { nullable: true })
  label!: EnergyLabel | null;

  @Field(() => Int, { nullable: true, description: "kWh/m²/year (DPE) or kg CO2/m²/year (GES)." })
  value!: number | null;

  @Field(() => DateTimeResolver, { nullable: true })
  date!: Date | null;
}

@ObjectType("EnergyGrade", { simpleResolvers: true, description: "The DPE or GES label of a property." })
export class EnergyGradeView {
  @Field(() => EnergyLabelEnum, { nullable: true })
  label!: EnergyLabel | null;
}

@ObjectType("Heating", { simpleResolvers: true })
export class HeatingView {
  @Field(() => HeatingSourceEnum, { nullable: true })
  source!: HeatingSource | null;

  @Field(() => HeatingSystemEnum, { nullable: true })
  system!: HeatingSystem | null;

  @Field(() => HeatingTypeEnum, { nullable: true })
  type!: HeatingType | null;
}

@ObjectType("ClassifiedEnergy", { simpleResolvers: true })
export class ClassifiedEnergyView {
  @Field(() => EnergyRatingView)
  dpe!: EnergyRatingView;

  @Field(() => EnergyRatingView)
  ges!: EnergyRatingView;

  @Field(() => HeatingView)
  heating!: HeatingView;
}

@ObjectType("PropertyEnergy", { simpleResolvers: true })
export class PropertyEnergyView {
  @Field(() => EnergyGradeView)
  dpe!: EnergyGradeView;

  @Field(() => EnergyGradeView)
  ges!: EnergyGradeView;
}
