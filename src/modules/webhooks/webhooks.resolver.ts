import { DateTimeResolver, UUIDResolver } from "graphql-scalars";
import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import { badInput } from "../../errors.js";
import type { RequestContext } from "../request-context.js";
import { isOneOf } from "../../domain/enums.js";
import { DELIVERY_STATUSES } from "./webhook-kinds.js";
import { webhookServicesFor } from "./webhook-settings.js";
import { testWebhook } from "./webhook-test.service.js";
import { deliveryView, webhookView, type DeliveryView, type WebhookView } from "./webhook-views.js";
import { createWebhook, deleteWebhook, getWebhook, listWebhooks, replayWebhook, rotateSecret, updateWebhook, webhookDeliveries } from "./webhooks.service.js";
import {
  CreateWebhookInputObject,
  UpdateWebhookInputObject,
  WebhookDeliveryObject,
  WebhookObject,
  WebhookReplayObject,
  WebhookWithSecretObject,
} from "./webhooks.types.js";

const date = (value: string | null): Date | null => (value === null ? null : new Date(value));

function toObject(view: WebhookView): WebhookObject {
  return {
    ...view,
    disabledAt: date(view.disabledAt),
    failingSince: date(view.failingSince),
    previousSecretExpiresAt: date(view.previousSecretExpiresAt),
    createdAt: new Date(view.createdAt),
    updatedAt: new Date(view.updatedAt),
  };
}

function toDeliveryObject(view: DeliveryView): WebhookDeliveryObject {
  return {
    ...view,
    nextAttemptAt: date(view.nextAttemptAt),
    createdAt: new Date(view.createdAt),
    completedAt: date(view.completedAt),
    attempts: view.attempts.map((attempt) => ({ ...attempt, startedAt: new Date(attempt.startedAt) })),
  };
}

/**
 * Webhook management for tokens with the `webhooks` scope: the same services as `/public/v1/webhooks`, on the
 * primary (a webhook just created must be found when read back, whatever the replicas' lag).
 */
@Resolver()
export class WebhooksResolver {
  @Query(() => [WebhookObject], { description: "Your account's webhooks (needs the webhooks scope)." })
  async webhooks(@Ctx() ctx: RequestContext): Promise<WebhookObject[]> {
    return (await listWebhooks(webhookServicesFor(ctx.primaryDb, ctx.logger), ctx.viewer)).map((row) => toObject(webhookView(row)));
  }

  @Query(() => WebhookObject, { description: "One of your webhooks." })
  async webhook(@Arg("id", () => UUIDResolver) id: string, @Ctx() ctx: RequestContext): Promise<WebhookObject> {
    return toObject(webhookView(await getWebhook(webhookServicesFor(ctx.primaryDb, ctx.logger), ctx.viewer, id)));
  }

  @Query(() => [WebhookDeliveryObject], { description: "A webhook's delivery log, newest first, with every attempt." })
  async webhookDeliveries(
    @Arg("id", () => UUIDResolver) id: string,
    @Arg("limit", () => Int, { defaultValue: 20 }) limit: number,
    @Arg("before", () => String, { nullable: true }) before: string | null,
    @Arg("status", () => String, { nullable: true }) status: string | null,
    @Ctx() ctx: RequestContext,
  ): Promise<WebhookDeliveryObject[]> {
    if (limit < 1 || limit > 100) throw badInput("limit must be between 1 and 100.", { limit: ["must be between 1 and 100"] });
    if (status !== null && !isOneOf(DELIVERY_STATUSES, status)) {
      throw badInput(`status must be one of ${DELIVERY_STATUSES.join(", ")}.`, { status: ["unknown status"] });
    }
    const rows = await webhookDeliveries(webhookServicesFor(ctx.primaryDb, ctx.logger), ctx.viewer, id, {
      limit,
      before: before ?? undefined,
      status: status ?? undefined,
    });
    return rows.map((row) => toDeliveryObject(deliveryView(row)));
  }

  @Mutation(() => WebhookWithSecretObject, { description: "Registers a webhook; the signing secret is returned this once." })
  async createWebhook(
    @Arg("input", () => CreateWebhookInputObject) input: CreateWebhookInputObject,
    @Ctx() ctx: RequestContext,
  ): Promise<WebhookWithSecretObject> {
    const { webhook, secret } = await createWebhook(webhookServicesFor(ctx.primaryDb, ctx.logger), ctx.viewer, input);
    return { webhook: toObject(webhookView(webhook)), secret };
  }

  @Mutation(() => WebhookObject, { description: "Changes a webhook's URL, description or filter, or disables / re-enables it." })
  async updateWebhook(
    @Arg("id", () => UUIDResolver) id: string,
    @Arg("input", () => UpdateWebhookInputObject) input: UpdateWebhookInputObject,
    @Ctx() ctx: RequestContext,
  ): Promise<WebhookObject> {
    const changes = {
      url: input.url ?? undefined,
      description: input.description,
      filter: input.filter,
      enabled: input.enabled ?? undefined,
    };
    return toObject(webhookView(await updateWebhook(webhookServicesFor(ctx.primaryDb, ctx.logger), ctx.viewer, id, changes)));
  }

  @Mutation(() => Boolean, { description: "Deletes a webhook and its delivery log." })
  async deleteWebhook(@Arg("id", () => UUIDResolver) id: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    await deleteWebhook(webhookServicesFor(ctx.primaryDb, ctx.logger), ctx.viewer, id);
    return true;
  }

  @Mutation(() => WebhookReplayObject, {
    description: "Sends again what followed an event cursor (after) or a time (since); an export webhook starts a new export.",
  })
  async replayWebhook(
    @Arg("id", () => UUIDResolver) id: string,
    @Arg("after", () => String, { nullable: true }) after: string | null,
    @Arg("since", () => DateTimeResolver, { nullable: true }) since: Date | null,
    @Ctx() ctx: RequestContext,
  ): Promise<WebhookReplayObject> {
    const result = await replayWebhook(webhookServicesFor(ctx.primaryDb, ctx.logger), ctx.viewer, id, {
      after: after ?? undefined,
      since: since ?? undefined,
    });
    return { webhook: toObject(webhookView(result.webhook)), cursor: result.cursor, exportId: result.exportId };
  }

  @Mutation(() => WebhookDeliveryObject, { description: "Sends one test message now and returns its outcome." })
  async testWebhook(@Arg("id", () => UUIDResolver) id: string, @Ctx() ctx: RequestContext): Promise<WebhookDeliveryObject> {
    return toDeliveryObject(deliveryView(await testWebhook(webhookServicesFor(ctx.primaryDb, ctx.logger), ctx.viewer, id)));
  }

  @Mutation(() => WebhookWithSecretObject, { description: "A new signing secret (returned this once); the previous one keeps signing for a while." })
  async rotateWebhookSecret(@Arg("id", () => UUIDResolver) id: string, @Ctx() ctx: RequestContext): Promise<WebhookWithSecretObject> {
    const { webhook, secret } = await rotateSecret(webhookServicesFor(ctx.primaryDb, ctx.logger), ctx.viewer, id);
    return { webhook: toObject(webhookView(webhook)), secret };
  }
}
