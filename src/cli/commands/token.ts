import { Option, type Command } from "commander";
import { validateContract, type Contract } from "../../domain/contract.js";
import { normaliseEmail } from "../../domain/email.js";
import { SUBSCRIPTION_PLANS, TOKEN_SCOPES, isOneOf, type SubscriptionPlan, type TokenScope } from "../../domain/enums.js";
import { CliError } from "../cli-errors.js";
import { loadEnv, withDatabase } from "../runtime.js";
import { dataAccessLimit, describeContract, tokenSummary, tokenTable } from "./token-format.js";

type CreateOptions = {
  email: string;
  name: string;
  plan: SubscriptionPlan;
  departments?: string;
  allDepartments?: boolean;
  sirens?: string;
  sirets?: string;
  scopes: string;
  json?: boolean;
};

const MAX_NAME_LENGTH = 200;

function emailOption(raw: string): string {
  const email = normaliseEmail(raw);
  if (email === null) throw new CliError(`--email: ${JSON.stringify(raw)} is not a valid e-mail address`);
  return email;
}

function scopesOption(raw: string): TokenScope[] {
  const entries = raw.split(",").map((scope) => scope.trim()).filter(Boolean);
  const unknown = entries.filter((scope) => !isOneOf(TOKEN_SCOPES, scope));
  if (entries.length === 0 || unknown.length > 0) {
    throw new CliError(`--scopes: ${unknown.length > 0 ? `unknown scope ${unknown.join(", ")}` : "no scope given"}; allowed: ${TOKEN_SCOPES.join(", ")}`);
  }
  return [...new Set(entries.filter((scope) => isOneOf(TOKEN_SCOPES, scope)))];
}

/** The contract from the options; it must be explicit, never implied by leaving options out. */
export function contractOption(options: Pick<CreateOptions, "departments" | "allDepartments" | "sirens" | "sirets">): Contract {
  if (options.departments === undefined && !options.allDepartments) {
    throw new CliError("the contract must be explicit: give --departments (e.g. --departments 75,92) or --all-departments");
  }
  const result = validateContract({
    allDepartments: options.allDepartments ?? false,
    departments: options.departments,
    sirens: options.sirens,
    sirets: options.sirets,
  });
  if (!result.ok) throw new CliError(`invalid contract:\n${result.errors.map((error) => `  - ${error}`).join("\n")}`);
  if (!result.contract.allDepartments && result.contract.departments.length === 0) {
    throw new CliError("--departments lists no department; give at least one (e.g. --departments 75) or --all-departments");
  }
  return result.contract;
}

function nameOption(raw: string): string {
  const name = raw.trim();
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) throw new CliError(`--name must be 1 to ${MAX_NAME_LENGTH} characters`);
  return name;
}

async function create(options: CreateOptions): Promise<void> {
  const email = emailOption(options.email);
  const name = nameOption(options.name);
  const contract = contractOption(options);
  const scopes = scopesOption(options.scopes);
  const env = loadEnv();
  const { createToken } = await import("../../modules/auth/auth.service.js");
  const { secret, token } = await withDatabase(env, "token create", (database) =>
    createToken(database.db, { email, name, plan: options.plan, contract, scopes }),
  );
  if (options.json) {
    const body = { token: secret, id: token.id, name, email, plan: options.plan, scopes: token.scopes, dataAccessLimit: dataAccessLimit(contract) };
    process.stdout.write(`${JSON.stringify(body)}\n`);
    return;
  }
  process.stdout.write(
    [
      `Created token "${name}" for ${email} (plan ${options.plan}).`,
      `  id:       ${token.id}`,
      `  scopes:   ${token.scopes.join(", ")}`,
      `  contract: ${describeContract(contract)}`,
      "Secret (shown once; only its hash is stored, it cannot be recovered):",
      `  ${secret}`,
      "",
    ].join("\n"),
  );
}

export function registerTokenCommand(program: Command): void {
  const token = program.command("token").description("create, list and revoke API tokens");

  token
    .command("create")
    .description("create a token (and its account, or update the account's plan and contract); prints the secret once")
    .requiredOption("--email <email>", "account e-mail address")
    .requiredOption("--name <name>", "name of the token, to tell tokens apart")
    .addOption(new Option("--plan <plan>", "subscription plan").choices(SUBSCRIPTION_PLANS).makeOptionMandatory())
    .addOption(new Option("--departments <list>", "departments of the contract, comma-separated (75,92,2A,971)").conflicts("allDepartments"))
    .option("--all-departments", "the contract covers every department")
    .option("--sirens <list>", "restrict the contract to these publisher SIRENs (comma-separated)")
    .option("--sirets <list>", "restrict the contract to these publisher SIRETs (comma-separated)")
    .option("--scopes <list>", `scopes, comma-separated, among ${TOKEN_SCOPES.join(", ")}`, "read")
    .option("--json", "print the result as JSON")
    .action((options: CreateOptions) => create(options));

  token
    .command("list")
    .description("list tokens (never their secrets)")
    .option("--email <email>", "only the tokens of this account")
    .option("--json", "print the tokens as a JSON array")
    .action(async (options: { email?: string; json?: boolean }) => {
      const email = options.email === undefined ? undefined : emailOption(options.email);
      const { listTokens } = await import("../../modules/auth/auth.repository.js");
      const rows = await withDatabase(loadEnv(), "token list", (database) => listTokens(database.db, email));
      if (options.json) process.stdout.write(`${JSON.stringify(rows.map(tokenSummary))}\n`);
      else process.stdout.write(rows.length === 0 ? "No tokens.\n" : `${tokenTable(rows)}\n`);
    });

  token
    .command("revoke")
    .description("revoke a token by id or by the prefix `token list` shows")
    .argument("<id-or-prefix>", "token id (uuid) or display prefix (lgw_xxxxxx)")
    .action(async (idOrPrefix: string) => {
      const { revokeToken } = await import("../../modules/auth/auth.repository.js");
      const revoked = await withDatabase(loadEnv(), "token revoke", (database) => revokeToken(database.db, idOrPrefix.trim()));
      if (revoked === 0) throw new CliError(`no active token has the id or prefix ${JSON.stringify(idOrPrefix)} (see \`listings token list\`)`);
      process.stdout.write(`Revoked ${revoked} token${revoked === 1 ? "" : "s"}. A running server stops accepting it within a few seconds.\n`);
    });
}
