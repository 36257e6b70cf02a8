import { randomUUID } from "node:crypto";
import type { Database } from "../../src/db/client.js";
import type { Contract } from "../../src/domain/contract.js";
import type { SubscriptionPlan } from "../../src/domain/enums.js";
import { createToken } from "../../src/modules/auth/auth.service.js";
import type { Viewer } from "../../src/modules/auth/auth.types.js";

export const EVERYWHERE: Contract = { allDepartments: true, departments: [], sirens: [], sirets: [] };

/** A contract over some departments and, optionally, publishers. */
export function contractOf(departments: string[], publishers: { sirens?: string[]; sirets?: string[] } = {}): Contract {
  return { allDepartments: false, departments, sirens: publishers.sirens ?? [], sirets: publishers.sirets ?? [] };
}

/** A viewer held in memory (no token row), for service and loader tests. */
export function viewerWith(contract: Contract, plan: SubscriptionPlan = "enterprise500"): Viewer {
  return {
    accountId: randomUUID(),
    email: "reader@example.fr",
    plan,
    contract,
    tokenId: randomUUID(),
    tokenName: "tests",
    tokenCreatedAt: new Date("2024-01-01T00:00:00Z"),
    scopes: ["read"],
  };
}

/** A real token for HTTP tests: returns the bearer secret. */
export async function createBearer(
  db: Database,
  contract: Contract = EVERYWHERE,
  plan: SubscriptionPlan = "enterprise500",
  email = `reader-${randomUUID().slice(0, 8)}@example.fr`,
): Promise<string> {
  const { secret } = await createToken(db, { email, name: "tests", plan, contract, scopes: ["read"] });
  return secret;
}
