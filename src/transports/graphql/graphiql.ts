import { createHash } from "node:crypto";
import { renderGraphiQL } from "@graphql-yoga/render-graphiql";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The GraphiQL page served at GET /graphql to browsers. The page is self-contained: GraphiQL, its editor and
 * workers come inlined from the @graphql-yoga/render-graphiql package (a bundle of GraphiQL 5), so it works
 * with no internet access. The headers tab starts with an Authorization header to complete with a token.
 */
const DEFAULT_QUERY = `# Paste your token in the Headers tab below: { "Authorization": "Bearer lgw_..." }
# (create one with: npm run listings -- token create ...). Then run this query with Ctrl-Enter.
query Me {
  auth {
    email
    tokenName
    meta { subscriptionPlan dataAccessLimit { departments sirens sirets } }
  }
  properties(first: 5, orderBy: { field: firstSeenAt, direction: desc }) {
    totalCount
    edges { node { id location { city { name } postcode } transaction { price { current } } classifieds { id source { url } } } }
  }
}
`;

let page: string | undefined;

/** The page's HTML (about 9 MB, rendered once per process). */
export function graphiqlPage(): string {
  page ??= renderGraphiQL({
    title: "Listings Gateway — GraphiQL",
    endpoint: "/graphql",
    defaultQuery: DEFAULT_QUERY,
    headers: JSON.stringify({ Authorization: "Bearer <paste your token here>" }, null, 2),
    shouldPersistHeaders: true,
    isHeadersEditorEnabled: true,
    defaultEditorToolsVisibility: "headers",
  });
  return page;
}

let etag: string | undefined;

/**
 * Sends the page: compressed by the app's compression (about 9 MB of HTML and scripts, 1.5 MB with Brotli), and
 * cacheable (an ETag per process, revalidated after an hour), so a browser downloads it again only when it changed.
 */
export function sendGraphiql(request: FastifyRequest, reply: FastifyReply) {
  const html = graphiqlPage();
  etag ??= `"${createHash("sha1").update(html).digest("base64url")}"`;
  reply.header("etag", etag).header("cache-control", "public, max-age=3600");
  if (request.headers["if-none-match"] === etag) return reply.code(304).send("");
  return reply.type("text/html; charset=utf-8").send(html);
}

/** A browser navigating to /graphql (asks for HTML, sends no operation) gets the page instead of an API answer. */
export function wantsGraphiql(request: FastifyRequest): boolean {
  if (request.method !== "GET") return false;
  const accept = request.headers.accept ?? "";
  const query = request.query;
  const hasOperation = typeof query === "object" && query !== null && "query" in query;
  return accept.includes("text/html") && !hasOperation;
}
