import * as crypto from "node:crypto";
import { createHash, randomBytes } from "node:crypto";

const TOKEN_PREFIX = "lgw_";

/** A new token secret: a recognisable prefix and 32 random bytes, URL-safe. */
export function generateTokenSecret(): string {
  return TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

/**
 * The stored form of a secret. Secrets are 256-bit random, so a plain SHA-256 is enough (no salt or slow
 * hash is needed against guessing) and lets a lookup use a unique index.
 */
export function hashTokenSecret(secret: string): string {
  return oneShotHash ? oneShotHash("sha256", secret, "hex") : createHash("sha256").update(secret, "utf8").digest("hex");
}

/**
 * `crypto.hash` (Node 20.12+) hashes in one call, without the Hash object `createHash` builds: every
 * authenticated request hashes its token. Older Node versions keep `createHash`.
 */
const oneShotHash: ((algorithm: string, data: string, encoding: "hex") => string) | undefined =
  typeof Reflect.get(crypto, "hash") === "function" ? crypto.hash : undefined;

/** What listings show of a token: enough to tell tokens apart, too little to use. */
export function displayPrefix(secret: string): string {
  return secret.slice(0, TOKEN_PREFIX.length + 6);
}

/** Extracts the token of an `Authorization: Bearer <token>` header; null when absent or malformed. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const match = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]{8,512})[ \t]*$/i.exec(header);
  return match?.[1] ?? null;
}
