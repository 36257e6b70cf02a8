import { Command } from "commander";
import packageJson from "../../package.json" with { type: "json" };
import { registerIngestCommand } from "./commands/ingest.js";
import { registerMigrateCommand } from "./commands/migrate.js";
import { registerRegroupCommand } from "./commands/regroup.js";
import { registerSeedCommand } from "./commands/seed.js";
import { registerServeCommand } from "./commands/serve.js";
import { registerTokenCommand } from "./commands/token.js";

/**
 * The `listings` command line. Usage errors (unknown command or option, missing or invalid value) print a
 * message and the hint to --help, and exit 1; nothing calls process.exit from inside a command.
 */
export function buildProgram(): Command {
  const program = new Command("listings")
    .description("Listings Gateway: French real-estate listings over GraphQL, REST v1, subscriptions and webhooks")
    .version(packageJson.version)
    // Set before the subcommands are added: commander copies these settings into each of them.
    .exitOverride()
    .showHelpAfterError("(add --help for usage)")
    .showSuggestionAfterError(true)
    .allowExcessArguments(false);
  registerServeCommand(program);
  registerMigrateCommand(program);
  registerSeedCommand(program);
  registerTokenCommand(program);
  registerIngestCommand(program);
  registerRegroupCommand(program);
  return program;
}
