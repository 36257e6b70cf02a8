import type { Command } from "commander";
import { describeDatabase, loadEnv, withDatabase } from "../runtime.js";

export function registerMigrateCommand(program: Command): void {
  program
    .command("migrate")
    .description("apply the database migrations that have not run yet, then exit")
    .action(async () => {
      const env = loadEnv();
      await withDatabase(env, "migrate", async () => undefined);
      process.stdout.write(`Database up to date (${describeDatabase(env)}).\n`);
    });
}
