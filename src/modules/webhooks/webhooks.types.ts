import { DateTimeResolver, UUIDResolver } from "graphql-scalars";
import { Field, InputType, Int, ObjectType } from "type-graphql";

/** GraphQL shapes of webhook management; the same fields as the REST representations (webhook-views.ts). */

@ObjectType("WebhookFilter")
export class WebhookFilterObject {
  @Field(() => [String]) transactionTypes!: string[];
  @Field(() => [String]) propertyTypes!: string[];
  @Field(() => [String]) sourceDomains!: string[];
  @Field(() => [String]) departments!: string[];
  @Field(() => [String]) sirens!: string[];
  @Field(() => [String]) sirets!: string[];
}

@ObjectType("Webhook", { description: "An endpoint that receives signed deltas (Standard Webhooks)." })
export class WebhookObject {
  @Field(() => UUIDResolver) id!: string;
  @Field(() => String, { description: "classified-notification, property-notification or classifieds-export." }) kind!: string;
  @Field(() => String) url!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => String, { description: "active or disabled." }) status!: string;
  @Field(() => String, { nullable: true }) disabledReason!: string | null;
  @Field(() => DateTimeResolver, { nullable: true }) disabledAt!: Date | null;
  @Field(() => DateTimeResolver, { nullable: true }) failingSince!: Date | null;
  @Field(() => WebhookFilterObject) filter!: WebhookFilterObject;
  @Field(() => String, { description: "The last event turned into deliveries." }) cursor!: string;
  @Field(() => DateTimeResolver, { nullable: true }) previousSecretExpiresAt!: Date | null;
  @Field(() => DateTimeResolver) createdAt!: Date;
  @Field(() => DateTimeResolver) updatedAt!: Date;
}

@ObjectType("WebhookWithSecret", { description: "A webhook and its signing secret, shown this once." })
export class WebhookWithSecretObject {
  @Field(() => WebhookObject) webhook!: WebhookObject;
  @Field(() => String, { description: "The `whsec_` signing secret." }) secret!: string;
}

@ObjectType("WebhookAttempt")
export class WebhookAttemptObject {
  @Field(() => Int) number!: number;
  @Field(() => DateTimeResolver) startedAt!: Date;
  @Field(() => Int) durationMs!: number;
  @Field(() => Int, { nullable: true }) statusCode!: number | null;
  @Field(() => String, { nullable: true }) error!: string | null;
}

@ObjectType("WebhookDelivery")
export class WebhookDeliveryObject {
  @Field(() => UUIDResolver) id!: string;
  @Field(() => String, { description: "The `webhook-id` header, the same on every attempt." }) messageId!: string;
  @Field(() => String, { description: "Position in the log; `before` pages further back." }) sequence!: string;
  @Field(() => String) eventType!: string;
  @Field(() => String, { nullable: true }) eventCursor!: string | null;
  @Field(() => String, { description: "pending, succeeded or failed." }) status!: string;
  @Field(() => Int) attemptCount!: number;
  @Field(() => DateTimeResolver, { nullable: true }) nextAttemptAt!: Date | null;
  @Field(() => Int, { nullable: true }) lastStatusCode!: number | null;
  @Field(() => String, { nullable: true }) lastError!: string | null;
  @Field(() => DateTimeResolver) createdAt!: Date;
  @Field(() => DateTimeResolver, { nullable: true }) completedAt!: Date | null;
  @Field(() => [WebhookAttemptObject]) attempts!: WebhookAttemptObject[];
}

@ObjectType("WebhookReplay")
export class WebhookReplayObject {
  @Field(() => WebhookObject) webhook!: WebhookObject;
  @Field(() => String, { nullable: true, description: "Where a notification webhook resumes." }) cursor!: string | null;
  @Field(() => UUIDResolver, { nullable: true, description: "The export started, for an export webhook." }) exportId!: string | null;
}

@InputType("WebhookFilterInput")
export class WebhookFilterInputObject {
  @Field(() => [String], { nullable: true }) transactionTypes?: string[] | null;
  @Field(() => [String], { nullable: true }) propertyTypes?: string[] | null;
  @Field(() => [String], { nullable: true }) sourceDomains?: string[] | null;
  @Field(() => [String], { nullable: true }) departments?: string[] | null;
  @Field(() => [String], { nullable: true }) sirens?: string[] | null;
  @Field(() => [String], { nullable: true }) sirets?: string[] | null;
}

@InputType("CreateWebhookInput")
export class CreateWebhookInputObject {
  @Field(() => String, { description: "classified-notification, property-notification or classifieds-export." }) kind!: string;
  @Field(() => String) url!: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => WebhookFilterInputObject, { nullable: true }) filter?: WebhookFilterInputObject | null;
}

@InputType("UpdateWebhookInput")
export class UpdateWebhookInputObject {
  @Field(() => String, { nullable: true }) url?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => WebhookFilterInputObject, { nullable: true }) filter?: WebhookFilterInputObject | null;
  @Field(() => Boolean, { nullable: true }) enabled?: boolean | null;
}
