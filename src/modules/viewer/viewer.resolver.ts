import { Ctx, Query, Resolver } from "type-graphql";
import type { RequestContext } from "../request-context.js";
import { responseMeta } from "../response-meta.js";
import { AuthInfoView } from "./viewer.types.js";

@Resolver()
export class ViewerResolver {
  @Query(() => AuthInfoView, { description: "Who you are: account, token, plan and data-access limits." })
  auth(@Ctx() ctx: RequestContext): AuthInfoView {
    const { viewer } = ctx;
    return {
      email: viewer.email,
      tokenName: viewer.tokenName,
      tokenCreatedAt: viewer.tokenCreatedAt,
      scopes: [...viewer.scopes],
      meta: responseMeta(viewer),
    };
  }
}
