import type { Database } from "../../db/client.js";
import type { ApiTokenRow } from "../../db/schema/index.js";
import type { Contract } from "../../domain/contract.js";
import { SUBSCRIPTION_PLANS, TOKEN_SCOPES, type SubscriptionPlan, type TokenScope } from "../../domain/enums.js";
import { displayPrefix, generateTokenSecret, hashTokenSecret } from "../../domain/token-secret.js";
import { findActiveTokenByHash, insertToken, touchToken, upsertAccount, type TokenWithAccount } from "./auth.repository.js";
import type { Viewer } from "./auth.types.js";

export type CreateTokenInput = {
  email: string;
  name: string;
  plan: SubscriptionPlan;
  contract: Contract;
  scopes: readonly TokenScope[];
};

/** Creates (or updates) the account and a new token. The secret is returned here once and never stored. */
export async function createToken(db: Database, input: CreateTokenInput): Promise<{ secret: string; token: ApiTokenRow }> {
  const secret = generateTokenSecret();
  const token = await db.transaction(async (tx) => {
    const account = await upsertAccount(tx, { email: input.email, plan: input.plan, contract: input.contract });
    return insertToken(tx, {
      accountId: account.id,
      name: input.name,
      tokenHash: hashTokenSecret(secret),
      tokenPrefix: displayPrefix(secret),
      scopes: [...new Set(input.scopes)],
    });
  });
  return { secret, token };
}

export function toViewer({ token, account }: TokenWithAccount): Viewer {
  return {
    accountId: account.id,
    email: account.email,
    // Plans and scopes are validated on the way in (CLI and services); unknown values fall back to the least.
    plan: (SUBSCRIPTION_PLANS as readonly string[]).includes(account.plan) ? (account.plan as SubscriptionPlan) : "free",
    contract: {
      allDepartments: account.allDepartments,
      departments: account.departments,
      sirens: account.sirens,
      sirets: account.sirets,
    },
    tokenId: token.id,
    tokenName: token.name,
    tokenCreatedAt: token.createdAt,
    scopes: token.scopes.filter((scope): scope is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(scope)),
  };
}

const CACHE_TTL_MS = 3_000;
const CACHE_MAX_ENTRIES = 10_000;

/**
 * Resolves bearer secrets to viewers. Results (misses included) are cached for a few seconds per process, so
 * that a burst of requests costs one lookup; a revoked token therefore stops working within CACHE_TTL_MS.
 */
export class Authenticator {
  private readonly cache = new Map<string, { viewer: Viewer | null; expiresAt: number }>();

  constructor(private readonly db: Database) {}

  async authenticate(secret: string | null): Promise<Viewer | null> {
    if (!secret) return null;
    const hash = hashTokenSecret(secret);
    const now = Date.now();
    const cached = this.cache.get(hash);
    if (cached && cached.expiresAt > now) return cached.viewer;
    const row = await findActiveTokenByHash(this.db, hash);
    const viewer = row ? toViewer(row) : null;
    if (viewer) await touchToken(this.db, viewer.tokenId);
    if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.clear();
    this.cache.set(hash, { viewer, expiresAt: now + CACHE_TTL_MS });
    return viewer;
  }
}
