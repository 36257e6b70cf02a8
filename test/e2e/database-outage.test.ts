import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/db/client.js";
import { EVERYWHERE, createBearer } from "../factories/viewers.js";
import { startGatewayApp, type GatewayApp } from "../support/gateway-app.js";
import { throwawayCluster, throwawayPostgresUnavailable, type ThrowawayCluster } from "../support/throwaway-postgres.js";

/**
 * The database goes down under a running gateway (a PostgreSQL cluster of the test's own, never the shared one):
 * REST answers 503 with Retry-After and GraphQL SERVICE_UNAVAILABLE, quickly, then everything works again by
 * itself once the database is back.
 */
describe.skipIf(throwawayPostgresUnavailable !== undefined)("an unavailable database", { timeout: 120_000 }, () => {
  let cluster: ThrowawayCluster;
  let port: number;
  let database: DatabaseHandle;
  let gateway: GatewayApp;
  let token: string;

  beforeAll(async () => {
    cluster = await throwawayCluster("listings-outage-");
    port = await cluster.start();
    database = await openDatabase({ kind: "postgres", url: `postgres://postgres@127.0.0.1:${port}/postgres`, poolSize: 4, connectTimeoutMs: 2_000 });
    await database.migrate();
    token = await createBearer(database.db, EVERYWHERE, "enterprise500");
    gateway = await startGatewayApp(database, { WEBHOOK_DISPATCHER: "false" });
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.close();
    await cluster?.remove();
  });

  const rest = () => fetch(`${gateway.base}/public/v1/classifieds/${randomUUID()}`, { headers: { authorization: `Bearer ${token}` } });
  const graphql = () =>
    fetch(`${gateway.base}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: "{ properties(first: 1) { totalCount } }" }),
    });

  it("answers 503 with Retry-After within seconds while it is down, and recovers by itself", async () => {
    expect((await rest()).status).toBe(404);
    await cluster.stop();

    const started = Date.now();
    const down = await rest();
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("5");
    expect(await down.json()).toEqual({ message: expect.stringMatching(/database is unavailable/) });
    const gql = await graphql();
    expect(gql.status).toBe(503);
    expect(gql.headers.get("retry-after")).toBe("5");
    const body = (await gql.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
    expect(body.errors?.[0]?.extensions?.code).toBe("SERVICE_UNAVAILABLE");
    expect(Date.now() - started).toBeLessThan(10_000);

    await cluster.start(port);
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 404; attempt += 1) {
      status = (await rest()).status;
      if (status !== 404) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(404);
    expect((await graphql()).status).toBe(200);
  });
});
