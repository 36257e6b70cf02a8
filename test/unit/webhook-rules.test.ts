import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { nextRetry, parseRetryAfter } from "../../src/modules/webhooks/retry-schedule.js";
import { validateWebhookFilter } from "../../src/modules/webhooks/webhook-filter.js";
import { generateWebhookSecret, signatureHeader, signingSecrets } from "../../src/modules/webhooks/webhook-signing.js";
import { checkWebhookUrl, isPublicAddress, UnsafeWebhookUrlError } from "../../src/modules/webhooks/webhook-url-guard.js";

describe("retry schedule", () => {
  const schedule = [5_000, 300_000, 1_800_000];

  it("follows the schedule with at most ±20% jitter, then gives up", () => {
    expect(nextRetry(schedule, 1, null, () => 0)).toEqual({ retry: true, delayMs: 4_000 });
    expect(nextRetry(schedule, 1, null, () => 1)).toEqual({ retry: true, delayMs: 6_000 });
    expect(nextRetry(schedule, 3, null, () => 0.5)).toEqual({ retry: true, delayMs: 1_800_000 });
    expect(nextRetry(schedule, 4, null)).toEqual({ retry: false });
  });

  it("waits at least as long as Retry-After asks, up to a day", () => {
    expect(nextRetry(schedule, 1, 60_000, () => 0.5)).toEqual({ retry: true, delayMs: 60_000 });
    expect(nextRetry(schedule, 1, 1_000, () => 0.5)).toEqual({ retry: true, delayMs: 5_000 });
    expect(nextRetry(schedule, 1, 10 * 86_400_000, () => 0.5)).toEqual({ retry: true, delayMs: 86_400_000 });
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Tue, 31 Dec 2024 00:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});

describe("SSRF guard", () => {
  it("calls only plain public unicast addresses public", () => {
    for (const address of ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "8.8.8.8"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fc00::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "2002:7f00:1::1",
      "not-an-ip",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("judges IPv6 forms that embed an IPv4 address by the IPv4 rules", () => {
    for (const address of [
      "::127.0.0.1",
      "::7f00:1",
      "::10.0.0.1",
      "::8.8.8.8", // IPv4-compatible: deprecated, never routed
      "::ffff:7f00:1",
      "::ffff:169.254.169.254", // IPv4-mapped
      "64:ff9b::127.0.0.1",
      "64:ff9b::a9fe:a9fe",
      "64:ff9b::10.1.2.3", // NAT64 of private targets
      "64:ff9b:1::8.8.8.8", // local-use NAT64
      "2002:0a00:0001::1",
      "2002:0808:0808::1", // 6to4
      "2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress("64:ff9b::8.8.8.8")).toBe(true); // NAT64 of a public address
    expect(isPublicAddress("::ffff:8.8.8.8")).toBe(true);
  });

  it("refuses a webhook URL whose host is an IPv6 literal embedding a private IPv4 address", async () => {
    for (const url of ["http://[::127.0.0.1]/", "http://[64:ff9b::127.0.0.1]/hook", "http://[::ffff:127.0.0.1]/"]) {
      await expect(checkWebhookUrl(url, false), url).rejects.toBeInstanceOf(UnsafeWebhookUrlError);
    }
  });

  it("refuses loopback, private and link-local hosts, other schemes and credentials", async () => {
    const refused = [
      "http://127.0.0.1:8080/hook",
      "http://localhost/hook",
      "http://[::1]/hook",
      "https://10.0.0.5/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://0x7f000001/hook",
      "http://2130706433/hook",
      "http://[::ffff:192.168.0.1]/hook",
      "ftp://example.com/hook",
      "file:///etc/passwd",
      "https://user:secret@example.com/hook",
      "not a url",
    ];
    for (const url of refused) await expect(checkWebhookUrl(url, false), url).rejects.toBeInstanceOf(UnsafeWebhookUrlError);
  });

  it("accepts public literal addresses, and private ones only when allowed", async () => {
    await expect(checkWebhookUrl("https://93.184.216.34/hook", false)).resolves.toBe("https://93.184.216.34/hook");
    await expect(checkWebhookUrl("http://127.0.0.1:9000/hook", true)).resolves.toBe("http://127.0.0.1:9000/hook");
    await expect(checkWebhookUrl("ftp://127.0.0.1/hook", true)).rejects.toBeInstanceOf(UnsafeWebhookUrlError);
  });
});

describe("signing", () => {
  it("signs so that Standard Webhooks verifies, with one signature per current secret", () => {
    const current = generateWebhookSecret();
    const previous = generateWebhookSecret();
    expect(current).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const now = new Date();
    const body = JSON.stringify({ id: "x", type: "created" });
    const header = signatureHeader([current, previous], "msg_1", now, body);
    expect(header.split(" ")).toHaveLength(2);
    const headers = { "webhook-id": "msg_1", "webhook-timestamp": String(Math.floor(now.getTime() / 1000)), "webhook-signature": header };
    expect(new Webhook(current).verify(body, headers)).toEqual({ id: "x", type: "created" });
    expect(new Webhook(previous).verify(body, headers)).toEqual({ id: "x", type: "created" });
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
  });

  it("keeps the previous secret only until its overlap ends", () => {
    const now = new Date("2025-01-01T00:00:00Z");
    const webhook = { secret: "whsec_new", previousSecret: "whsec_old", previousSecretExpiresAt: new Date("2025-01-02T00:00:00Z") };
    expect(signingSecrets(webhook, now)).toEqual(["whsec_new", "whsec_old"]);
    expect(signingSecrets(webhook, new Date("2025-01-03T00:00:00Z"))).toEqual(["whsec_new"]);
    expect(signingSecrets({ ...webhook, previousSecret: null }, now)).toEqual(["whsec_new"]);
  });
});

describe("webhook stream filter", () => {
  it("normalises values and drops empty lists", () => {
    const result = validateWebhookFilter({
      departments: ["2a", "75", "75"],
      sourceDomains: ["WWW.SeLoger.com"],
      sirens: ["552 100 554"],
      propertyTypes: [],
      transactionTypes: ["sale"],
    });
    expect(result).toEqual({
      ok: true,
      filter: { departments: ["2A", "75"], sourceDomains: ["seloger.com"], sirens: ["552100554"], transactionTypes: ["sale"] },
    });
  });

  it("reports every invalid value by field", () => {
    const result = validateWebhookFilter({ departments: ["99"], propertyTypes: ["castle"], sirets: ["123"] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(["filter.departments", "filter.propertyTypes", "filter.sirets"]);
  });
});
