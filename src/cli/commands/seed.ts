import type { Command } from "commander";
import { wholeNumber } from "../arguments.js";
import { CliError, EXIT_REJECTS } from "../cli-errors.js";
import { onInterrupt } from "../interrupt.js";
import { describeDatabase, loadEnv, withDatabase } from "../runtime.js";

type SeedOptions = { classifieds: number; seed: number; out?: string; json?: boolean };

async function seed(options: SeedOptions): Promise<void> {
  const generate = { classifieds: options.classifieds, seed: options.seed };
  const { seedDatabase, writeFeed } = await import("../../modules/seed/seed.service.js");
  if (options.out !== undefined) {
    const lines = await writeFeed(generate, options.out === "-" ? process.stdout : options.out);
    if (options.out !== "-") process.stderr.write(`Wrote ${lines} observations of ${options.classifieds} classifieds to ${options.out}.\n`);
    return;
  }
  const env = loadEnv();
  const started = Date.now();
  const progress = process.stderr.isTTY ? (s: { received: number }) => process.stderr.write(`\rseeding: ${s.received} observations ingested`) : undefined;
  // Ctrl-C stops generating; the batches already read are committed before the database closes.
  const interrupt = onInterrupt("Interrupted: finishing the current batch.");
  const summary = await withDatabase(env, "seed", (database) =>
    seedDatabase(
      database.db,
      generate,
      {
        ...(progress ? { onProgress: progress } : {}),
        onReject: (reject) => process.stderr.write(`line ${reject.line}: ${reject.reason}\n`),
      },
      interrupt.signal,
    ),
  ).finally(interrupt.release);
  if (progress) process.stderr.write("\n");
  if (interrupt.signal.aborted) throw new CliError(`interrupted after ${summary.received} observations (all of them committed)`);
  const seconds = (Date.now() - started) / 1000;
  if (options.json) {
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } else {
    process.stdout.write(
      `Seeded ${describeDatabase(env)} with ${options.classifieds} classifieds (seed ${options.seed}) in ${seconds.toFixed(1)} s: ` +
        `${summary.received} observations, ${summary.created} created, ${summary.updated} updated, ` +
        `${summary.unchanged} unchanged, ${summary.removed} removed, ${summary.rejected} rejected.\n`,
    );
  }
  if (summary.rejected > 0) throw new CliError(`${summary.rejected} generated observations were rejected`, EXIT_REJECTS);
}

export function registerSeedCommand(program: Command): void {
  program
    .command("seed")
    .description("generate realistic synthetic French listings (deterministic) and ingest them, or write them as NDJSON")
    .option("--classifieds <n>", "number of distinct classifieds to generate", wholeNumber(0, 10_000_000), 1_000)
    .option("--seed <n>", "seed of the generator: the same seed gives the same data", wholeNumber(0, 0xffffffff), 1)
    .option("--out <file>", "write the NDJSON feed to this file (`-` for stdout) instead of ingesting it")
    .option("--json", "print the ingest summary as JSON")
    .action((options: SeedOptions) => seed(options));
}
