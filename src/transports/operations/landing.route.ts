import type { FastifyInstance } from "fastify";
import Negotiator from "negotiator";
import packageJson from "../../../package.json" with { type: "json" };

/** Where everything is, for a person who opens the server's address (and a client that asks for JSON). */
const LINKS = [
  { rel: "graphql", href: "/graphql", title: "GraphQL API and GraphiQL (open it in a browser)" },
  { rel: "rest", href: "/public/v1", title: "REST v1 API (the published v1 paths)" },
  { rel: "docs", href: "/docs", title: "REST v1 reference" },
  { rel: "openapi", href: "/public/v1/openapi.json", title: "OpenAPI document" },
  { rel: "health", href: "/healthz", title: "Liveness" },
  { rel: "ready", href: "/readyz", title: "Readiness (the database answers)" },
  { rel: "metrics", href: "/metrics", title: "Prometheus metrics" },
] as const;

const TOKEN_HELP =
  "Every API call needs a token (Authorization: Bearer lgw_...). The first start prints a demo token; create others with " +
  "`npm run -s listings -- token create --email you@example.fr --name laptop --plan pro200 --all-departments`.";

/** `GET /`: a small page saying what this is, with links to the APIs, the docs and the operations endpoints. */
export function registerLandingRoute(app: FastifyInstance): void {
  app.get("/", async (request, reply) => {
    const wantsHtml = new Negotiator({ headers: { accept: request.headers.accept ?? "*/*" } }).mediaType(["application/json", "text/html"]) === "text/html";
    if (!wantsHtml) return { name: "Listings Gateway", version: packageJson.version, links: LINKS, tokens: TOKEN_HELP };
    return reply.type("text/html; charset=utf-8").send(landingPage());
  });
}

function landingPage(): string {
  const items = LINKS.map((link) => `<li><a href="${link.href}">${link.href}</a>: ${link.title}</li>`).join("\n      ");
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Listings Gateway</title>
    <style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:3rem auto;padding:0 1rem;color:#222}code{background:#f3f3f3;padding:.1rem .3rem;border-radius:3px}</style>
  </head>
  <body>
    <h1>Listings Gateway <small>${packageJson.version}</small></h1>
    <p>French real-estate listings (classifieds collected from many portals, grouped into properties) over GraphQL,
    the REST v1 paths, GraphQL subscriptions and webhooks. Each token sees only the data of its contract.</p>
    <ul>
      ${items}
    </ul>
    <h2>Getting a token</h2>
    <p>Every API call needs <code>Authorization: Bearer lgw_...</code>. The first start prints a demo token; create
    others with <code>npm run -s listings -- token create --email you@example.fr --name laptop --plan pro200 --all-departments</code>.</p>
  </body>
</html>`;
}
