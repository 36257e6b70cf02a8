/**
 * One measured ingest for bench/ingest.ts, in a process of its own: `listings ingest` runs in a fresh process
 * that loads nothing but the pipeline, and so does this. (Measured inside the bench's own process, the ingest
 * shared a heap with the seed generator and the in-thread normalisation run before it, whose data every garbage
 * collection of the main thread then went over again.)
 *
 *   node <the bench's flags> bench/ingest-run.ts DATABASE_URL FEED_FILE
 *
 * Migrates the database, ingests the file through the real pipeline (file stream → line reader → ingestLines)
 * and prints one JSON object on stdout: the summary, the time, this process's peak RSS and CPU, and the whole
 * machine's busy CPU during the ingest.
 */
import { createReadStream, readFileSync } from "node:fs";
import { openDatabase } from "../src/db/client.js";
import { ingestLines } from "../src/modules/ingest/ingest.service.js";
import { workerPreparer } from "../src/modules/ingest/line-preparer.js";
import { FILE_CHUNK_BYTES, readLines } from "../src/modules/ingest/line-reader.js";

export type IngestRun = {
  summary: Awaited<ReturnType<typeof ingestLines>>;
  seconds: number;
  rssBefore: number;
  rssPeak: number;
  cpuSeconds: number;
  /** Undefined where /proc/stat cannot be read. */
  machineSeconds: number | undefined;
};

/**
 * Core-seconds the whole machine has spent busy (user, nice, system, irq, softirq) since boot, from /proc/stat;
 * undefined where there is none. During the ingest, minus this process's CPU, that is PostgreSQL's share.
 */
function machineBusySeconds(): number | undefined {
  try {
    const fields = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = fields;
    return (user + nice + system + irq + softirq) / 100; // USER_HZ: 100 ticks a second on Linux
  } catch {
    return undefined;
  }
}

async function run(url: string, file: string): Promise<IngestRun> {
  // As `listings ingest` does: the normalising thread starts while the database connects and migrates.
  workerPreparer.warmUp();
  const handle = await openDatabase({ kind: "postgres", url, poolSize: 4 });
  try {
    await handle.migrate();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 100);
    const began = performance.now();
    const cpuBefore = process.cpuUsage();
    const machineBefore = machineBusySeconds();
    const summary = await ingestLines(handle.db, readLines(createReadStream(file, { highWaterMark: FILE_CHUNK_BYTES })));
    const seconds = (performance.now() - began) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const machineAfter = machineBusySeconds();
    clearInterval(sampler);
    const machineSeconds = machineBefore === undefined || machineAfter === undefined ? undefined : machineAfter - machineBefore;
    return { summary, seconds, rssBefore, rssPeak, cpuSeconds: (cpu.user + cpu.system) / 1e6, machineSeconds };
  } finally {
    await handle.close();
  }
}

const [url, file] = process.argv.slice(2);
if (url === undefined || file === undefined) {
  console.error("usage: ingest-run.ts DATABASE_URL FEED_FILE");
  process.exit(2);
}
process.stdout.write(`${JSON.stringify(await run(url, file))}\n`);
