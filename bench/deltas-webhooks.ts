/** Webhook set-up for bench/deltas.ts: one account with the webhooks scope per endpoint, all of France. */
import type { Database } from "../src/db/client.js";
import { Authenticator, createToken } from "../src/modules/auth/auth.service.js";
import { createWebhook } from "../src/modules/webhooks/webhooks.service.js";

export async function registerWebhookForBench(db: Database, url: string, index: number): Promise<void> {
  const { secret } = await createToken(db, {
    email: `webhooks-${index}@bench.example.fr`,
    name: `webhooks ${index}`,
    plan: "enterprise500",
    contract: { allDepartments: true, departments: [], sirens: [], sirets: [] },
    scopes: ["read", "webhooks"],
  });
  const viewer = await new Authenticator(db).authenticate(secret);
  if (!viewer) throw new Error("bench token does not authenticate");
  await createWebhook({ db, allowPrivateNetworks: true, secretOverlapMs: 0 }, viewer, { kind: "classified-notification", url });
}
