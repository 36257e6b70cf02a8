import dns, { type LookupAddress, type LookupOptions } from "node:dns";
import ipaddr from "ipaddr.js";

/** Why a webhook URL is refused; the message is shown to the caller as is. */
export class UnsafeWebhookUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnsafeWebhookUrlError";
  }
}

/** Longest webhook URL accepted. */
export const MAX_URL_LENGTH = 2_048;

/**
 * True for addresses on the public internet. Everything else (loopback, private, link-local, unique-local,
 * carrier-grade NAT, multicast, reserved) is refused: an address ipaddr.js does not classify as plain
 * `unicast` is not public. IPv6 forms that embed an IPv4 address are judged by the IPv4 rules: IPv4-mapped
 * (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) by the address they carry; IPv4-compatible (::a.b.c.d,
 * deprecated and never routed), local-use NAT64 (64:ff9b:1::/48), 6to4 and Teredo, whose target cannot be told
 * from here, are refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // ipaddr.js reads every dotted tail as IPv4-mapped (::8.8.8.8 as ::ffff:8.8.8.8); the URL parser writes IPv6
  // the way the network stack reads it (::808:808).
  const raw = ipaddr.parse(address.includes(":") ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address);
  if (raw.kind() === "ipv6") {
    const v6 = raw as ipaddr.IPv6; // kind() said so
    if (v6.match(IPV4_COMPATIBLE) || v6.match(LOCAL_NAT64)) return false;
    if (v6.match(NAT64)) return isPublicAddress(embeddedIPv4(v6).toString());
  }
  // process() turns IPv4-mapped IPv6 (::ffff:127.0.0.1) into the IPv4 address it carries.
  return ipaddr.process(raw.toString()).range() === "unicast";
}

const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96") as [ipaddr.IPv6, number];
const NAT64 = ipaddr.parseCIDR("64:ff9b::/96") as [ipaddr.IPv6, number];
const LOCAL_NAT64 = ipaddr.parseCIDR("64:ff9b:1::/48") as [ipaddr.IPv6, number];

/** The IPv4 address in the last 32 bits of an IPv6 address. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const bytes = address.toByteArray().slice(12);
  return ipaddr.fromByteArray(bytes) as ipaddr.IPv4; // four bytes make an IPv4 address
}

/**
 * Checks a webhook URL at registration: http(s) only, no credentials, and (unless private networks are
 * allowed) a host that resolves only to public addresses. Returns the normalised URL. The same address rule
 * is applied again at every connection (`guardedLookup`), so a host that later resolves elsewhere (DNS
 * rebinding) is refused then too.
 */
export async function checkWebhookUrl(raw: string, allowPrivateNetworks: boolean): Promise<string> {
  if (raw.length > MAX_URL_LENGTH) throw new UnsafeWebhookUrlError(`The URL is longer than ${MAX_URL_LENGTH} characters.`);
  if (!URL.canParse(raw)) throw new UnsafeWebhookUrlError("The URL is not a valid absolute URL.");
  const url = new URL(raw);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UnsafeWebhookUrlError("Only http and https URLs are accepted.");
  }
  if (url.username !== "" || url.password !== "") {
    throw new UnsafeWebhookUrlError("Credentials in the URL are not accepted; verify the webhook signature instead.");
  }
  if (!allowPrivateNetworks) {
    const addresses = await resolveHost(url.hostname);
    if (addresses.length === 0) throw new UnsafeWebhookUrlError(`The host ${url.hostname} does not resolve.`);
    const refused = addresses.find((address) => !isPublicAddress(address));
    if (refused !== undefined) {
      throw new UnsafeWebhookUrlError(`The host ${url.hostname} resolves to ${refused}, a loopback, private, link-local or reserved address.`);
    }
  }
  return url.toString();
}

/** Throws when the URL's host is an IP literal outside the public internet (connections to those skip lookup). */
export function checkLiteralHost(url: URL, allowPrivateNetworks: boolean): void {
  const host = bareHost(url.hostname);
  if (!allowPrivateNetworks && ipaddr.isValid(host) && !isPublicAddress(host)) {
    throw new UnsafeWebhookUrlError(`Refusing to connect to ${host}: not a public address.`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves like dns.lookup and then refuses non-public addresses, so the
 * address checked is the address connected to.
 */
export function guardedLookup(allowPrivateNetworks: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const allowed = allowPrivateNetworks ? addresses : addresses.filter((entry) => isPublicAddress(entry.address));
      if (allowed.length === 0 || allowed.length !== addresses.length) {
        const refused: NodeJS.ErrnoException = new UnsafeWebhookUrlError(`Refusing to connect to ${hostname}: it resolves to a non-public address.`);
        refused.code = "EWEBHOOKADDRESS";
        return callback(refused, []);
      }
      if (options.all) return callback(null, allowed);
      const [first] = allowed as [LookupAddress, ...LookupAddress[]]; // non-empty: checked above
      return callback(null, first.address, first.family);
    });
  };
}

async function resolveHost(hostname: string): Promise<string[]> {
  const host = bareHost(hostname);
  if (ipaddr.isValid(host)) return [host];
  try {
    const entries = await dns.promises.lookup(host, { all: true });
    return entries.map((entry) => entry.address);
  } catch {
    return [];
  }
}

/** URL hostnames keep IPv6 literals in brackets. */
function bareHost(hostname: string): string {
  return hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
}
