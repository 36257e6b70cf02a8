import type { Contract } from "../../domain/contract.js";
import type { SubscriptionPlan, TokenScope } from "../../domain/enums.js";

/** Who is calling: the token in use, its account, the plan and the contract that bounds what it sees. */
export type Viewer = {
  accountId: string;
  email: string;
  plan: SubscriptionPlan;
  contract: Contract;
  tokenId: string;
  tokenName: string;
  tokenCreatedAt: Date;
  scopes: readonly TokenScope[];
};
