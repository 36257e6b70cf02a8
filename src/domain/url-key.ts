/**
 * Identity of a listing URL. Portals and collectors hand us the same listing under many spellings (scheme or
 * not, `www.` or not, campaign parameters, fragments, parameter order, `%7e` vs `~`); the canonical key makes
 * them one string so a lookup by URL finds the classified whatever spelling the caller pasted.
 *
 * The key is for matching only: it drops the scheme and is never shown to clients as a link.
 */
import { parse as parseDomain } from "tldts";

/**
 * Query parameters that only track campaigns or clicks and never select a listing. Compared lower-case.
 *
 * `ref` is deliberately NOT here: several portals use `ref=` to carry the listing or agency reference
 * (e.g. `annonce.php?ref=AB123`), so dropping it would merge different listings. `xtor` (AT Internet) is
 * dropped: French portals put campaign tags in it.
 */
const TRACKING_PARAMETERS: ReadonlySet<string> = new Set([
  "fbclid",
  "gclid",
  "gclsrc",
  "dclid",
  "gbraid",
  "wbraid",
  "msclkid",
  "mc_cid",
  "mc_eid",
  "_ga",
  "_gl",
  "yclid",
  "igshid",
  "ttclid",
  "twclid",
  "li_fat_id",
  "_hsenc",
  "_hsmi",
  "mkt_tok",
  "xtor",
]);

/** Parameter-name prefixes of campaign tagging schemes (Google Analytics, Matomo, Piwik). */
const TRACKING_PREFIXES: readonly string[] = ["utm_", "mtm_", "pk_"];

const DEFAULT_PORTS: ReadonlySet<string> = new Set(["80", "443"]);

/** RFC 3986 unreserved characters: percent-encoding them changes nothing, so they are decoded. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** A scheme at the start of the input, e.g. `https:` or `mailto:`. */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** `host:port` without scheme, e.g. `www.seloger.com:443/annonce`: the part before the colon is not a scheme. */
const HOST_WITH_PORT = /^[^/?#:]+:\d+(?:[/?#]|$)/;

/**
 * Canonical identity key of a listing URL, or null when the input is not a usable http(s) web address.
 *
 * Rules: scheme dropped (http and https are the same listing; any other scheme is rejected); host lower-case,
 * IDN in punycode, trailing dot and a leading `www.` removed; ports 80 and 443 dropped (either is the
 * default for one of the two schemes); user info and fragment dropped; dot segments resolved; the path's
 * trailing slash dropped except for the root (`seloger.com/`); percent-encoding normalised (unreserved
 * characters decoded, other escapes upper-case); tracking parameters removed; the remaining parameters
 * sorted by name then value, empty ones (`&&`) dropped.
 *
 * @example canonicalUrlKey("https://WWW.SeLoger.com/annonces/2491.htm?utm_source=x&b=2&a=1#photos")
 *   // "seloger.com/annonces/2491.htm?a=1&b=2"
 */
export function canonicalUrlKey(input: string): string | null {
  const url = parseWebUrl(input);
  if (url === null) return null;
  const host = canonicalHost(url.hostname);
  if (host === null) return null;
  const port = url.port === "" || DEFAULT_PORTS.has(url.port) ? "" : `:${url.port}`;
  const query = canonicalQuery(url.search);
  return `${host}${port}${canonicalPath(url.pathname)}${query === "" ? "" : `?${query}`}`;
}

/**
 * Domain of the portal that published a URL: the registrable domain of its host per the Public Suffix List
 * (`annonces.immobilier.lefigaro.fr` -> `lefigaro.fr`, `m.leboncoin.fr` -> `leboncoin.fr`), lower-case.
 * Null when the input is not a usable web URL.
 */
export function sourceDomainOf(input: string): string | null {
  const url = parseWebUrl(input);
  if (url === null) return null;
  const host = canonicalHost(url.hostname);
  if (host === null) return null;
  return parseDomain(host).domain;
}

/** Parses input as an http(s) URL, adding `https://` when the scheme is missing. Null otherwise. */
function parseWebUrl(input: string): URL | null {
  let text = input.trim();
  // Pasted from chat or Markdown: <https://...>, "https://...".
  if (/^<.*>$/.test(text) || /^".*"$/.test(text) || /^'.*'$/.test(text)) text = text.slice(1, -1).trim();
  if (text.length === 0) return null;
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined && !HOST_WITH_PORT.test(text)) {
    if (scheme !== "http" && scheme !== "https") return null;
  } else {
    text = `https://${text.replace(/^\/+/, "")}`;
  }
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  // A missing slash after the scheme ("https:example.com") parses; an empty host never makes a listing URL.
  return url.hostname === "" ? null : url;
}

/** Lower-case host without trailing dot or `www.`; null for IP addresses and hosts outside any public suffix. */
function canonicalHost(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.+$/, "");
  const parsed = parseDomain(host);
  if (parsed.isIp === true || parsed.isIcann !== true || parsed.domain === null) return null;
  const withoutWww = host.startsWith("www.") ? host.slice(4) : host;
  // "www.com" would otherwise become the bare suffix "com".
  return parseDomain(withoutWww).domain === null ? host : withoutWww;
}

function canonicalPath(pathname: string): string {
  const path = normalisePercentEncoding(pathname);
  if (path === "" || path === "/") return "/";
  return path.replace(/\/+$/, "") || "/";
}

/** Drops tracking and empty parameters and sorts the rest by name, then value (both as normalised text). */
function canonicalQuery(search: string): string {
  const parameters = search
    .replace(/^\?/, "")
    .split("&")
    .filter((part) => part !== "" && part !== "=")
    .map((part) => {
      const equals = part.indexOf("=");
      const name = normalisePercentEncoding(equals === -1 ? part : part.slice(0, equals));
      const value = equals === -1 ? null : normalisePercentEncoding(part.slice(equals + 1));
      return { name, value };
    })
    .filter(({ name }) => !isTrackingParameter(name));
  parameters.sort((a, b) => compare(a.name, b.name) || compare(a.value ?? "", b.value ?? ""));
  return parameters.map(({ name, value }) => (value === null ? name : `${name}=${value}`)).join("&");
}

function isTrackingParameter(encodedName: string): boolean {
  const name = safeDecode(encodedName).toLowerCase();
  return TRACKING_PARAMETERS.has(name) || TRACKING_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/** Decodes escapes of unreserved characters (`%7E` -> `~`) and upper-cases the hex digits of the others. */
function normalisePercentEncoding(text: string): string {
  return text.replace(/%([0-9a-fA-F]{2})/g, (_escape, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : `%${hex.toUpperCase()}`;
  });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Code-unit order, independent of the process locale, so keys are the same on every machine. */
function compare(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
