import type { TokenWithAccount } from "../../modules/auth/auth.repository.js";
import { contractOf, dataAccessLimit, tokenSummary } from "../../modules/auth/token-view.js";
import type { Contract } from "../../domain/contract.js";

/** "departments 75, 92; SIRENs 552100554" in one line, for people. */
export function describeContract(contract: Contract): string {
  const parts = [contract.allDepartments ? "all departments" : `departments ${contract.departments.join(", ") || "(none)"}`];
  if (contract.sirens.length > 0) parts.push(`SIRENs ${contract.sirens.join(", ")}`);
  if (contract.sirets.length > 0) parts.push(`SIRETs ${contract.sirets.join(", ")}`);
  if (contract.sirens.length === 0 && contract.sirets.length === 0) parts.push("any publisher");
  return parts.join("; ");
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
  return [header, ...lines]
    .map((line) =>
      line
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

export { dataAccessLimit, tokenSummary };
