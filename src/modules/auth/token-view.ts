import type { Contract } from "../../domain/contract.js";
import type { TokenWithAccount } from "./auth.repository.js";

/** The v1 `dataAccessLimit` shape, plus whether it covers every department. */
export function dataAccessLimit(contract: Contract) {
  return {
    allDepartments: contract.allDepartments,
    departments: [...contract.departments],
    sirens: [...contract.sirens],
    sirets: [...contract.sirets],
  };
}

export function contractOf(account: TokenWithAccount["account"]): Contract {
  return { allDepartments: account.allDepartments, departments: account.departments, sirens: account.sirens, sirets: account.sirets };
}

/** A token as `token list --json` shows it: never the secret nor its hash. */
export function tokenSummary({ token, account }: TokenWithAccount) {
  return {
    id: token.id,
    prefix: token.tokenPrefix,
    name: token.name,
    email: account.email,
    plan: account.plan,
    scopes: token.scopes,
    dataAccessLimit: dataAccessLimit(contractOf(account)),
    createdAt: token.createdAt.toISOString(),
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    revokedAt: token.revokedAt?.toISOString() ?? null,
  };
}
