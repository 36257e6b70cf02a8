import { Option, type Command } from "commander";
import { validateContract, type Contract } from "../../domain/contract.js";
import { normaliseEmail } from "../../domain/email.js";
import { SUBSCRIPTION_PLANS, TOKEN_SCOPES, isOneOf, type SubscriptionPlan, type TokenScope } from "../../domain/enums.js";
import { CliError } from "../cli-errors.js";
import { loadEnv, withDatabase } from "../runtime.js";
import { dataAccessLimit, describeContract, tokenSummary, tokenTable } from "./token-format.js";
import { callTokensApi, remoteOf, type RemoteServer } from "./token-remote.js";

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
  server?: string;
  token?: string;
};

const MAX_NAME_LENGTH = 200;

function emailOption(raw: string): string {
  const email = normaliseEmail(raw);
  if (email === null) throw new CliError(`--email: ${JSON.stringify(raw)} is not a valid e-mail address`);
  return email;
}

function scopesOption(raw: string): TokenScope[] {
  const entries = raw
    .split(",")
    .map((scope) => scope.trim())
    .filter(Boolean);
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
  const remote = remoteOf(options);
  const { secret, token } = remote
    ? await createRemotely(remote, { email, name, plan: options.plan, contract, scopes })
    : await createLocally({ email, name, plan: options.plan, contract, scopes });
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

type NewToken = { email: string; name: string; plan: SubscriptionPlan; contract: Contract; scopes: TokenScope[] };

async function createLocally(input: NewToken): Promise<{ secret: string; token: { id: string; scopes: readonly string[] } }> {
  const { createToken } = await import("../../modules/auth/auth.service.js");
  return withDatabase(loadEnv(), "token create", (database) => createToken(database.db, input));
}

async function createRemotely(remote: RemoteServer, input: NewToken): Promise<{ secret: string; token: { id: string; scopes: readonly string[] } }> {
  const { contract } = input;
  const body = {
    email: input.email,
    name: input.name,
    plan: input.plan,
    scopes: input.scopes,
    ...(contract.allDepartments ? { allDepartments: true } : { departments: contract.departments }),
    sirens: contract.sirens,
    sirets: contract.sirets,
  };
  const answer = await callTokensApi<{ token: string; id: string; scopes: string[] }>(remote, "POST", "", body);
  return { secret: answer.token, token: { id: answer.id, scopes: answer.scopes } };
}

const SERVER_HELP = "manage the tokens of a running server (its admin API) instead of opening the database";
const TOKEN_HELP = "access token with the admin scope, for --server";

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
    .option("--server <url>", SERVER_HELP)
    .option("--token <token>", TOKEN_HELP)
    .action((options: CreateOptions) => create(options));

  token
    .command("list")
    .description("list tokens (never their secrets)")
    .option("--email <email>", "only the tokens of this account")
    .option("--json", "print the tokens as a JSON array")
    .option("--server <url>", SERVER_HELP)
    .option("--token <token>", TOKEN_HELP)
    .action(async (options: { email?: string; json?: boolean; server?: string; token?: string }) => {
      const email = options.email === undefined ? undefined : emailOption(options.email);
      const remote = remoteOf(options);
      if (remote) {
        const summaries = await callTokensApi<unknown[]>(remote, "GET", email === undefined ? "" : `?email=${encodeURIComponent(email)}`);
        process.stdout.write(`${JSON.stringify(summaries, null, options.json ? undefined : 2)}\n`);
        return;
      }
      const { listTokens } = await import("../../modules/auth/auth.repository.js");
      const rows = await withDatabase(loadEnv(), "token list", (database) => listTokens(database.db, email));
      if (options.json) process.stdout.write(`${JSON.stringify(rows.map(tokenSummary))}\n`);
      else process.stdout.write(rows.length === 0 ? "No tokens.\n" : `${tokenTable(rows)}\n`);
    });

  token
    .command("revoke")
    .description("revoke a token by id or by the prefix `token list` shows")
    .argument("<id-or-prefix>", "token id (uuid) or display prefix (lgw_xxxxxx)")
    .option("--server <url>", SERVER_HELP)
    .option("--token <token>", TOKEN_HELP)
    .action(async (idOrPrefix: string, options: { server?: string; token?: string }) => {
      const remote = remoteOf(options);
      const revoked = remote
        ? (await callTokensApi<{ revoked: number }>(remote, "DELETE", `/${encodeURIComponent(idOrPrefix.trim())}`)).revoked
        : await revokeLocally(idOrPrefix.trim());
      if (revoked === 0) throw new CliError(`no active token has the id or prefix ${JSON.stringify(idOrPrefix)} (see \`listings token list\`)`);
      process.stdout.write(`Revoked ${revoked} token${revoked === 1 ? "" : "s"}. A running server stops accepting it within a few seconds.\n`);
    });
}

async function revokeLocally(idOrPrefix: string): Promise<number> {
  const { revokeToken } = await import("../../modules/auth/auth.repository.js");
  return withDatabase(loadEnv(), "token revoke", (database) => revokeToken(database.db, idOrPrefix));
}
