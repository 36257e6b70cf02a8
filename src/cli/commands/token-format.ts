import type { TokenWithAccount } from "../../modules/auth/auth.repository.js";
import type { Contract } from "../../domain/contract.js";

/** The v1 `dataAccessLimit` shape, plus whether it covers every department. */
export function dataAccessLimit(contract: Contract) {
  return {
    allDepartments: contract.allDepartments,
    departments: [...contract.departments],
    sirens: [...contract.sirens],
    sirets: [...contract.sirets],
  };
}

/** "departments 75, 92; SIRENs 552100554" in one line, for people. */
export function describeContract(contract: Contract): string {
  const parts = [contract.allDepartments ? "all departments" : `departments ${contract.departments.join(", ") || "(none)"}`];
  if (contract.sirens.length > 0) parts.push(`SIRENs ${contract.sirens.join(", ")}`);
  if (contract.sirets.length > 0) parts.push(`SIRETs ${contract.sirets.join(", ")}`);
  if (contract.sirens.length === 0 && contract.sirets.length === 0) parts.push("any publisher");
  return parts.join("; ");
}

function contractOf(account: TokenWithAccount["account"]): Contract {
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

const minute = (date: Date | null) => (date === null ? "-" : date.toISOString().slice(0, 16).replace("T", " "));

/** A plain-text table of tokens, one per line, columns padded. */
export function tokenTable(rows: readonly TokenWithAccount[]): string {
  const header = ["ID", "PREFIX", "NAME", "EMAIL", "PLAN", "SCOPES", "CONTRACT", "CREATED", "LAST USED", "REVOKED"];
  const lines = rows.map(({ token, account }) => [
    token.id,
    token.tokenPrefix,
    token.name,
    account.email,
    account.plan,
    token.scopes.join(","),
    describeContract(contractOf(account)),
    minute(token.createdAt),
    minute(token.lastUsedAt),
    minute(token.revokedAt),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => (line[column] ?? "").length)));
  return [header, ...lines].map((line) => line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ").trimEnd()).join("\n");
}
