import type { Server } from "node:http";
import { GraphQLError, parse, specifiedRules, validate, type DocumentNode, type ExecutionResult, type GraphQLSchema, type ValidationRule } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import { WebSocketServer, type WebSocket } from "ws";
import { formatGraphqlError } from "./errors.js";
import { operationLimitError } from "./limits.js";
import type { ContextLogger } from "../../modules/request-context.js";
import type { Edge } from "../edge.js";
import type { EventBus } from "../../modules/events/event-bus.js";
import type { SubscriptionContext } from "../../modules/events/events.resolver.js";
import { contractKeyOf, type LiveConnection } from "../../modules/events/listing-event-stream.js";
import { subscribeWithEventContexts } from "../../modules/events/subscription-execution.js";

/** The close code for a refused or revoked token (graphql-ws `Forbidden`). */
export const FORBIDDEN_CLOSE_CODE = 4403;

export type SubscriptionServerOptions = {
  /** Identifies each connection's token and counts each subscription against its plan, as for every request. */
  edge: Edge;
  bus: EventBus;
  logger: ContextLogger;
  /** How often open connections re-check their token (a revoked token's subscriptions end within about this). */
  authRecheckMs: number;
  /** Extra validation rules (document limits), as for GraphQL over HTTP. */
  validationRules?: readonly ValidationRule[];
  maxTokens?: number;
  maxPayloadBytes?: number;
  isProduction: boolean;
};

type Connection = LiveConnection & { authorization: string; socket: WebSocket };

/**
 * GraphQL over websockets (graphql-ws, subprotocol `graphql-transport-ws`) on `path` of an HTTP server. The
 * token comes in `connectionParams.authorization` (`Bearer ...`); without a valid one the socket is closed with
 * 4403. Tokens are re-checked every `authRecheckMs`: a revoked token's sockets are closed with 4403, a changed
 * contract applies to the next events. Returns `close()`, which ends every connection (1001) and the server.
 */
export function attachSubscriptions(
  server: Server,
  schema: GraphQLSchema,
  options: SubscriptionServerOptions,
  path = "/graphql",
): { close: () => Promise<void>; connections: () => number } {
  const sockets = new WebSocketServer({ server, path, maxPayload: options.maxPayloadBytes ?? 64 * 1024 });
  const connections = new Map<WebSocket, Connection>();
  const rules = [...specifiedRules, ...(options.validationRules ?? [])];

  const disposable = useServer<Record<string, unknown>>(
    {
      schema,
      isProd: options.isProduction,
      subscribe: subscribeWithEventContexts,
      onConnect: async (ctx) => {
        const authorization = ctx.connectionParams?.["authorization"] ?? ctx.connectionParams?.["Authorization"];
        if (typeof authorization !== "string") return false;
        const viewer = await options.edge.identify(authorization);
        if (!viewer) return false;
        connections.set(ctx.extra.socket, {
          viewer,
          contractKey: contractKeyOf(viewer.contract),
          authorization,
          socket: ctx.extra.socket,
          bus: options.bus,
          logger: options.logger,
          streams: new Map(),
        });
        return true;
      },
      onClose: (ctx) => {
        connections.delete(ctx.extra.socket);
      },
      onSubscribe: async (ctx, id, payload) => {
        const connection = connections.get(ctx.extra.socket);
        if (!connection) return [new GraphQLError("Unauthenticated.", { extensions: { code: "UNAUTHENTICATED" } })];
        let document: DocumentNode;
        try {
          document = parse(payload.query, { maxTokens: options.maxTokens ?? 3_000 });
        } catch (error) {
          const message = error instanceof GraphQLError ? error.message : "Syntax error.";
          return [new GraphQLError(message, { extensions: { code: "GRAPHQL_PARSE_FAILED" } })];
        }
        const errors = validate(schema, document, rules);
        if (errors.length > 0) {
          return errors.map((e) => new GraphQLError(e.message, { nodes: e.nodes, extensions: { code: "GRAPHQL_VALIDATION_FAILED" } }));
        }
        const limited = operationLimitError(schema, document, payload.operationName ?? undefined, payload.variables ?? {}, connection.viewer.plan);
        if (limited) return [limited];
        const rate = await options.edge.count(connection.viewer);
        if (!rate.allowed) {
          return [new GraphQLError(`Rate limit exceeded: retry in ${rate.resetSeconds} s.`, { extensions: { code: "RATE_LIMITED" } })];
        }
        const contextValue: SubscriptionContext = {
          ...options.edge.contextOf(connection.viewer, `ws:${id}`, options.logger),
          live: connection,
        };
        return { schema, document, operationName: payload.operationName, variableValues: payload.variables, contextValue };
      },
      onNext: (_ctx, _id, _payload, _args, result) => (result.errors ? formatted(result) : undefined),
      onError: (_ctx, _id, _payload, errors) => errors.map((error) => formatGraphqlError(error.toJSON(), error)),
    },
    sockets,
  );

  const recheck = setInterval(() => void recheckTokens(connections, options), options.authRecheckMs);
  recheck.unref();

  return {
    connections: () => connections.size,
    async close() {
      clearInterval(recheck);
      for (const socket of sockets.clients) socket.close(1001, "Going away");
      await disposable.dispose();
    },
  };
}

function formatted(result: ExecutionResult) {
  return { ...result, errors: result.errors?.map((error) => formatGraphqlError(error.toJSON(), error)) };
}

/** Authenticates each distinct token once; closes the sockets of revoked ones and refreshes the others' viewer. */
async function recheckTokens(connections: Map<WebSocket, Connection>, options: SubscriptionServerOptions): Promise<void> {
  const byToken = new Map<string, Connection[]>();
  for (const connection of connections.values()) {
    const list = byToken.get(connection.authorization);
    if (list) list.push(connection);
    else byToken.set(connection.authorization, [connection]);
  }
  for (const [authorization, group] of byToken) {
    let viewer: Awaited<ReturnType<typeof options.edge.identify>>;
    try {
      viewer = await options.edge.identify(authorization);
    } catch (error) {
      // The database is unreachable: keep serving; the next round checks again.
      options.logger.warn({ err: error }, "re-checking a subscriber's token failed");
      continue;
    }
    for (const connection of group) {
      if (!viewer) {
        connection.socket.close(FORBIDDEN_CLOSE_CODE, "Forbidden");
        continue;
      }
      const contractKey = contractKeyOf(viewer.contract);
      const contractChanged = contractKey !== connection.contractKey;
      connection.viewer = viewer;
      connection.contractKey = contractKey;
      if (contractChanged) for (const [stream, routing] of connection.streams) stream.reroute(routing(viewer.contract));
    }
  }
}
