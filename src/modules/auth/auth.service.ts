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

type CacheEntry = { viewer: Promise<Viewer | null>; expiresAt: number };

/**
 * Resolves bearer secrets to viewers. Results (misses included) are cached for a few seconds per process,
 * keyed by the secret's SHA-256 (never the secret), so that a burst of requests costs one lookup; a revoked
 * token therefore stops working within CACHE_TTL_MS. Concurrent requests with a token not in the cache share
 * one lookup. Recording the token's use (`last_used_at`, at most once a minute) does not hold the request.
 */
export class Authenticator {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async authenticate(secret: string | null): Promise<Viewer | null> {
    if (!secret) return null;
    const hash = hashTokenSecret(secret);
    const now = this.now();
    const cached = this.cache.get(hash);
    if (cached && cached.expiresAt > now) return cached.viewer;
    if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.clear();
    const viewer = this.lookUp(hash);
    const entry: CacheEntry = { viewer, expiresAt: now + CACHE_TTL_MS };
    this.cache.set(hash, entry);
    // A failed lookup (database unreachable) is not an answer to keep: the next request tries again.
    viewer.catch(() => {
      if (this.cache.get(hash) === entry) this.cache.delete(hash);
    });
    return viewer;
  }

  private async lookUp(hash: string): Promise<Viewer | null> {
    const row = await findActiveTokenByHash(this.db, hash);
    if (!row) return null;
    const viewer = toViewer(row);
    // Best effort: a lost `last_used_at` update must not fail the request it describes.
    touchToken(this.db, viewer.tokenId).catch(() => undefined);
    return viewer;
  }
}
