import { DateTimeResolver, EmailAddressResolver } from "graphql-scalars";
import { Field, ObjectType } from "type-graphql";
import type { SubscriptionPlan } from "../../domain/enums.js";
import { SubscriptionPlanEnum } from "../common/enums.graphql.js";

/** GraphQL types of the caller: its account, token, plan and contract (v1 `GET /auth`, 2.8). */

@ObjectType("DataAccessLimit", { simpleResolvers: true })
export class DataAccessLimitView {
  @Field(() => [String], { description: "Department codes you may read." })
  departments!: string[];

  @Field(() => [String], { description: "When not empty, only classifieds of these publisher SIRENs (or the SIRETs)." })
  sirens!: string[];

  @Field(() => [String])
  sirets!: string[];
}

@ObjectType("ResponseMeta", { simpleResolvers: true })
export class ResponseMetaView {
  @Field(() => SubscriptionPlanEnum)
  subscriptionPlan!: SubscriptionPlan;

  @Field(() => DataAccessLimitView)
  dataAccessLimit!: DataAccessLimitView;
}

@ObjectType("AuthInfo", { simpleResolvers: true })
export class AuthInfoView {
  @Field(() => EmailAddressResolver)
  email!: string;

  @Field(() => String)
  tokenName!: string;

  @Field(() => DateTimeResolver)
  tokenCreatedAt!: Date;

  @Field(() => [String])
  scopes!: string[];

  @Field(() => ResponseMetaView)
  meta!: ResponseMetaView;
}
