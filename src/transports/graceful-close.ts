import type { FastifyInstance } from "fastify";

/**
 * Stops the app the graceful way: /readyz turns 503 at once, the listening socket closes (no new
 * connections), idle keep-alive connections close, and in-flight requests get up to `graceMs` to finish.
 * After that their connections are cut. Resolves when the app is closed; `forced` says whether the grace
 * period ran out.
 */
export async function closeGracefully(app: FastifyInstance, graceMs: number): Promise<{ forced: boolean }> {
  app.lifecycle.shuttingDown = true;
  let forced = false;
  const timer = setTimeout(() => {
    forced = true;
    app.log.warn({ graceMs }, "shutdown grace period over: closing the remaining connections");
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
  return { forced };
}
