import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { accounts, apiTokens, type AccountRow, type ApiTokenRow } from "../../db/schema/index.js";
import type { Contract } from "../../domain/contract.js";

export type AccountInput = { email: string; plan: string; contract: Contract };

/** Creates the account, or updates the plan and contract of the existing one with that e-mail. */
export async function upsertAccount(db: Database, input: AccountInput): Promise<AccountRow> {
  const values = {
    email: input.email,
    plan: input.plan,
    allDepartments: input.contract.allDepartments,
    departments: [...input.contract.departments],
    sirens: [...input.contract.sirens],
    sirets: [...input.contract.sirets],
  };
  const [row] = await db
    .insert(accounts)
    .values(values)
    .onConflictDoUpdate({ target: accounts.email, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error("account upsert returned no row");
  return row;
}

export async function insertToken(
  db: Database,
  input: { accountId: string; name: string; tokenHash: string; tokenPrefix: string; scopes: string[] },
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(input).returning();
  if (!row) throw new Error("token insert returned no row");
  return row;
}

export type TokenWithAccount = { token: ApiTokenRow; account: AccountRow };

/** The unrevoked token with that hash, with its account. */
export async function findActiveTokenByHash(db: Database, tokenHash: string): Promise<TokenWithAccount | undefined> {
  const [row] = await db
    .select({ token: apiTokens, account: accounts })
    .from(apiTokens)
    .innerJoin(accounts, eq(accounts.id, apiTokens.accountId))
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)))
    .limit(1);
  return row;
}

/** Records use at most once a minute per token, so that authentication is not a write on every request. */
export async function touchToken(db: Database, tokenId: string): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiTokens.id, tokenId), sql`(${apiTokens.lastUsedAt} is null or ${apiTokens.lastUsedAt} < now() - interval '1 minute')`));
}

export async function listTokens(db: Database, email?: string): Promise<TokenWithAccount[]> {
  const query = db
    .select({ token: apiTokens, account: accounts })
    .from(apiTokens)
    .innerJoin(accounts, eq(accounts.id, apiTokens.accountId))
    .orderBy(desc(apiTokens.createdAt));
  return email ? query.where(eq(accounts.email, email)) : query;
}

/** Revokes a token by id or by its display prefix; returns how many tokens were revoked. */
export async function revokeToken(db: Database, idOrPrefix: string): Promise<number> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrPrefix);
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(isUuid ? eq(apiTokens.id, idOrPrefix) : eq(apiTokens.tokenPrefix, idOrPrefix), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length;
}
