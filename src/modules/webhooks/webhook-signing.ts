import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * The `webhook-signature` header for one attempt: one `v1,<hmac>` per secret, separated by spaces (Standard
 * Webhooks). While a secret is being rotated both the new and the previous secret sign, so a receiver that
 * still verifies with the old one keeps working.
 */
export function signatureHeader(secrets: readonly string[], messageId: string, timestamp: Date, body: string): string {
  return secrets.map((secret) => signerOf(secret).sign(messageId, timestamp, body)).join(" ");
}

/** Signers by secret (decoding a secret costs more than one signature); bounded, rebuilt when full. */
const signers = new Map<string, Webhook>();
const MAX_SIGNERS = 10_000;

function signerOf(secret: string): Webhook {
  let signer = signers.get(secret);
  if (!signer) {
    if (signers.size >= MAX_SIGNERS) signers.clear();
    signer = new Webhook(secret);
    signers.set(secret, signer);
  }
  return signer;
}

/** The secrets that sign now: the current one, and the previous one until its overlap period ends. */
export function signingSecrets(webhook: { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null }, now: Date): string[] {
  const previousValid = webhook.previousSecret !== null && webhook.previousSecretExpiresAt !== null && webhook.previousSecretExpiresAt > now;
  return previousValid && webhook.previousSecret !== null ? [webhook.secret, webhook.previousSecret] : [webhook.secret];
}
