import type { Command } from "commander";
import { CliError } from "../cli-errors.js";
import { onInterrupt } from "../interrupt.js";
import { describeDatabase, loadEnv, withDatabase } from "../runtime.js";

type RegroupOptions = { json?: boolean };

async function regroup(options: RegroupOptions): Promise<void> {
  const env = loadEnv();
  const { regroupStored } = await import("../../modules/ingest/regroup.service.js");
  const started = Date.now();
  const progress = process.stderr.isTTY
    ? (done: { blocks: number; moved: number }, total: number) =>
        process.stderr.write(`\rregrouping: ${done.blocks}/${total} blocks, ${done.moved} classifieds moved`)
    : undefined;
  const interrupt = onInterrupt("Interrupted: finishing the current block (run the command again to resume).");
  const summary = await withDatabase(env, "regroup", (database) =>
    regroupStored(database.db, { ...(progress ? { onProgress: progress } : {}), signal: interrupt.signal }),
  ).finally(interrupt.release);
  if (progress) process.stderr.write("\n");
  if (interrupt.signal.aborted) throw new CliError(`interrupted after ${summary.blocks} blocks (all of them committed); run it again to resume`);
  if (options.json) {
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    return;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `Regrouped ${describeDatabase(env)} in ${seconds} s: ${summary.blocks} blocks, ${summary.classifieds} classifieds, ` +
      `${summary.moved} moved, ${summary.merged} properties merged, ${summary.created} created by splits.\n`,
  );
}

export function registerRegroupCommand(program: Command): void {
  program
    .command("regroup")
    .description("group the stored classifieds into properties again (after a change of the grouping model); idempotent, resumable")
    .option("--json", "print the summary as JSON")
    .action((options: RegroupOptions) => regroup(options));
}
