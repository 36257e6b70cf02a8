import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { validateContract } from "../../domain/contract.js";
import { normaliseEmail } from "../../domain/email.js";
import { SUBSCRIPTION_PLANS, TOKEN_SCOPES } from "../../domain/enums.js";
import { listTokens, revokeToken } from "../../modules/auth/auth.repository.js";
import { createToken } from "../../modules/auth/auth.service.js";
import { dataAccessLimit, tokenSummary } from "../../modules/auth/token-view.js";
import type { AppDeps } from "../app-deps.js";
import { edgeOf } from "../edge.js";

export const ADMIN_TOKENS_PATH = "/admin/v1/tokens";

/**
 * Token management on a running server, for its operators (`listings token ... --server URL --token T`): with
 * the embedded database only the server's process may open it. Requires a token with the `admin` scope, which
 * may create tokens for any account and contract: give it to the people who run the gateway only.
 *
 * - `POST /admin/v1/tokens` `{email, name, plan, departments | allDepartments, sirens?, sirets?, scopes?}`: 201
 *   with the secret (shown once) and the token's summary.
 * - `GET /admin/v1/tokens[?email=]`: the tokens, never their secrets or hashes.
 * - `DELETE /admin/v1/tokens/{idOrPrefix}`: revokes; 404 when no active token matches.
 */
const CreateBody = z.strictObject({
  email: z.string().transform((raw, ctx) => {
    const email = normaliseEmail(raw);
    if (email !== null) return email;
    ctx.addIssue({ code: "custom", message: "is not a valid e-mail address" });
    return z.NEVER;
  }),
  name: z.string().trim().min(1).max(200),
  plan: z.enum(SUBSCRIPTION_PLANS),
  departments: z.array(z.string()).optional(),
  allDepartments: z.boolean().optional(),
  sirens: z.array(z.string()).optional(),
  sirets: z.array(z.string()).optional(),
  scopes: z.array(z.enum(TOKEN_SCOPES)).min(1).default(["read"]),
});

export const adminTokensRoutes: FastifyPluginAsync<Pick<AppDeps, "database" | "authenticator">> = async (app, deps) => {
  const edge = edgeOf(deps);
  const requireAdmin = async (request: FastifyRequest, reply: FastifyReply) => {
    // Operators' requests are not counted against a plan.
    const admission = await edge.admit(request.headers.authorization, { scope: "admin", counted: false });
    if (admission.ok) return undefined;
    if (admission.reason === "missing-scope") return reply.code(403).send({ message: "This token does not have the admin scope." });
    return reply.code(401).header("www-authenticate", "Bearer").send({ message: "Unauthenticated." });
  };
  const db = deps.database.db;

  app.post(ADMIN_TOKENS_PATH, { onRequest: requireAdmin }, async (request, reply) => {
    const parsed = CreateBody.safeParse(request.body);
    if (!parsed.success) return reply.code(422).send(validationBody(parsed.error));
    const body = parsed.data;
    if (body.departments === undefined && body.allDepartments !== true) {
      return reply.code(422).send({ message: "The contract must be explicit.", errors: { departments: ["give departments or allDepartments: true"] } });
    }
    const validation = validateContract({
      allDepartments: body.allDepartments ?? false,
      departments: body.departments?.join(","),
      sirens: body.sirens?.join(","),
      sirets: body.sirets?.join(","),
    });
    if (!validation.ok) return reply.code(422).send({ message: "Invalid contract.", errors: { contract: validation.errors } });
    const scopes = [...new Set(body.scopes)];
    const { secret, token } = await createToken(db, { email: body.email, name: body.name, plan: body.plan, contract: validation.contract, scopes });
    return reply.code(201).send({
      token: secret,
      id: token.id,
      name: body.name,
      email: body.email,
      plan: body.plan,
      scopes: token.scopes,
      dataAccessLimit: dataAccessLimit(validation.contract),
    });
  });

  app.get<{ Querystring: { email?: string } }>(ADMIN_TOKENS_PATH, { onRequest: requireAdmin }, async (request) => {
    const email = request.query.email === undefined ? undefined : (normaliseEmail(request.query.email) ?? request.query.email);
    return (await listTokens(db, email)).map(tokenSummary);
  });

  app.delete<{ Params: { idOrPrefix: string } }>(`${ADMIN_TOKENS_PATH}/:idOrPrefix`, { onRequest: requireAdmin }, async (request, reply) => {
    const revoked = await revokeToken(db, request.params.idOrPrefix.trim());
    if (revoked === 0) return reply.code(404).send({ message: `No active token has the id or prefix ${JSON.stringify(request.params.idOrPrefix)}.` });
    return { revoked };
  });
};

function validationBody(error: z.ZodError): { message: string; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[issue.path.map(String).join(".") || "body"] ??= []).push(issue.message);
  return { message: `Invalid request: ${Object.keys(errors).join(", ")}.`, errors };
}
