import type { Viewer } from "../../auth/auth.types.js";
import { responseMeta } from "../../response-meta.js";
import type { MetaEnvelope } from "../schemas/common.schema.js";
import type { AuthResponse } from "../schemas/responses.schema.js";

/**
 * The `meta` envelope (2.2): the caller's plan and contract, as every transport shows it (a contract over
 * every department lists every official department code, since v1 has no "all" marker).
 */
export function metaEnvelope(viewer: Viewer): MetaEnvelope {
  return responseMeta(viewer);
}

/** Representation 2.8: `GET /auth`. */
export function authInformation(viewer: Viewer): AuthResponse {
  return {
    email: viewer.email,
    tokenName: viewer.tokenName,
    tokenCreatedAt: viewer.tokenCreatedAt.toISOString(),
    meta: metaEnvelope(viewer),
  };
}
