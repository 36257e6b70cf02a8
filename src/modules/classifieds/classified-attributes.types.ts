import { Field, Float, Int, ObjectType } from "type-graphql";
import type { Orientation, PropertyType } from "../../domain/enums.js";
import { OrientationEnum, PropertyTypeEnum } from "../common/enums.graphql.js";

/** What a classified offers (v1 `property` inside a classified): type, surfaces, counts and attribute flags. */
@ObjectType("ClassifiedAttributes", { simpleResolvers: true })
export class ClassifiedAttributesView {
  @Field(() => PropertyTypeEnum)
  type!: PropertyType;

  @Field(() => Float, { nullable: true, description: "Square metres." })
  area!: number | null;

  @Field(() => Float, { nullable: true })
  landArea!: number | null;

  @Field(() => Float, { nullable: true })
  livingRoomArea!: number | null;

  @Field(() => Float, { nullable: true })
  balconyArea!: number | null;

  @Field(() => Float, { nullable: true })
  terraceArea!: number | null;

  @Field(() => Int, { nullable: true })
  roomCount!: number | null;

  @Field(() => Int, { nullable: true })
  bedroomCount!: number | null;

  @Field(() => Int, { nullable: true })
  bathroomCount!: number | null;

  @Field(() => Int, { nullable: true })
  showerRoomCount!: number | null;

  @Field(() => Int, { nullable: true })
  toiletCount!: number | null;

  @Field(() => Int, { nullable: true })
  balconyCount!: number | null;

  @Field(() => Int, { nullable: true })
  terraceCount!: number | null;

  @Field(() => Int, { nullable: true })
  floor!: number | null;

  @Field(() => Int, { nullable: true })
  floorCount!: number | null;

  @Field(() => Int, { nullable: true })
  constructionYear!: number | null;

  @Field(() => Int, { nullable: true })
  renovationYear!: number | null;

  @Field(() => OrientationEnum, { nullable: true })
  orientation!: Orientation | null;

  @Field(() => Boolean, { nullable: true })
  balconyExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  terraceExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  parkingExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  airConditioningExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  alarmExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  atticExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  caretakerExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  cellarExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  doorCodeExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  elevatorExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  fireplaceExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  garageExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  gardenExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  intercomExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  swimmingPoolExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  toiletSeparateExists!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  isCondominium!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  isDisabledFriendly!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  isDualAspect!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  isNew!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  isOccupied!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  renovationIsNeeded!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  propertyIsProgram!: boolean | null;
}
