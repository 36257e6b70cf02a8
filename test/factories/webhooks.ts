import type { Database, DatabaseHandle } from "../../src/db/client.js";
import type { Contract } from "../../src/domain/contract.js";
import { Authenticator, createToken } from "../../src/modules/auth/auth.service.js";
import type { Viewer } from "../../src/modules/auth/auth.types.js";
import { EventBus } from "../../src/modules/events/event-bus.js";
import { WebhookDispatcher, type WebhookDispatcherOptions } from "../../src/modules/webhooks/webhook-dispatcher.js";
import { createWebhook, type CreateWebhookInput, type WebhookServiceDeps } from "../../src/modules/webhooks/webhooks.service.js";

export const ALL_OF_FRANCE: Contract = { allDepartments: true, departments: [], sirens: [], sirets: [] };

let accounts = 0;

/** A token with the read and webhooks scopes on a new account with `contract`; returns its viewer and secret. */
export async function webhookOwner(db: Database, contract: Contract = ALL_OF_FRANCE): Promise<{ viewer: Viewer; token: string }> {
  accounts += 1;
  const { secret } = await createToken(db, {
    email: `owner${accounts}-${Date.now()}@example.fr`,
    name: "webhooks",
    plan: "pro200",
    contract,
    scopes: ["read", "webhooks"],
  });
  const viewer = await new Authenticator(db).authenticate(secret);
  if (!viewer) throw new Error("token just created does not authenticate");
  return { viewer, token: secret };
}

export function serviceDeps(db: Database): WebhookServiceDeps {
  return { db, allowPrivateNetworks: true, secretOverlapMs: 60_000 };
}

/** Registers a webhook for `viewer` through the service (loopback URLs allowed). */
export async function registerWebhook(db: Database, viewer: Viewer, input: CreateWebhookInput) {
  return createWebhook(serviceDeps(db), viewer, input);
}

/** Dispatcher settings for tests: short timeouts and retries, loopback allowed. */
export function testDispatcherOptions(overrides: Partial<WebhookDispatcherOptions> = {}): WebhookDispatcherOptions {
  return {
    concurrency: 16,
    perWebhook: 4,
    timeoutMs: 5_000,
    retrySchedule: [150, 300, 600],
    disableAfterMs: 3_600_000,
    pollIntervalMs: 100,
    allowPrivateNetworks: true,
    logger: process.env["TEST_LOG"]
      ? { debug: console.debug, info: console.info, warn: console.warn, error: console.error }
      : { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
    ...overrides,
  };
}

/** An event bus and a started dispatcher on `database`; `stop()` stops both. */
export async function startDispatcher(database: DatabaseHandle, overrides: Partial<WebhookDispatcherOptions> = {}) {
  const bus = new EventBus(database, { pollIntervalMs: 100 });
  await bus.start();
  const dispatcher = new WebhookDispatcher(database, bus, testDispatcherOptions(overrides));
  await dispatcher.start();
  return {
    bus,
    dispatcher,
    async stop() {
      await dispatcher.stop();
      await bus.stop();
    },
  };
}
