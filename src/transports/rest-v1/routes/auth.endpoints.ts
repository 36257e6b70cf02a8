import { defineEndpoint } from "../endpoint.js";
import { authInformation } from "../../../modules/v1-view/representations/meta.representation.js";
import { AuthResponse } from "../../../modules/v1-view/schemas/responses.schema.js";

export const authEndpoint = defineEndpoint({
  method: "GET",
  path: "/auth",
  operationId: "auth",
  summary: "The account and token in use",
  description: "Checks the token: the account's e-mail, the token's name and creation time, and the `meta` envelope.",
  response: AuthResponse,
  canBeNotFound: false,
  async handle(ctx) {
    return authInformation(ctx.viewer);
  },
});
