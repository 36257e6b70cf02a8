/**
 * PostgreSQL servers of a test's own (temporary directories, free loopback ports, trust authentication), for the
 * tests that stop a database or stream from one: never the machine's shared server.
 */
import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The directory of the PostgreSQL server binaries: `PG_BIN`, else the newest /usr/lib/postgresql/N/bin. */
function binDirectory(): string | undefined {
  const candidates = [process.env["PG_BIN"]];
  const installed = "/usr/lib/postgresql";
  if (existsSync(installed)) {
    const versions = readdirSync(installed).filter((name) => /^\d+$/.test(name));
    versions.sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(installed, version, "bin")));
  }
  return candidates.find((dir) => dir !== undefined && ["initdb", "pg_ctl", "pg_basebackup"].every((tool) => existsSync(path.join(dir, tool))));
}

const isRoot = process.getuid?.() === 0;

/** The `postgres` system user's ids, which run the servers when this process is root (initdb refuses root). */
function serverUser(): { uid: number; gid: number } | undefined {
  if (!isRoot) return undefined;
  try {
    const id = (flag: string) => Number.parseInt(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim(), 10);
    const [uid, gid] = [id("-u"), id("-g")];
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

const BIN = binDirectory();
const SERVER_USER = serverUser();

/** Why this machine cannot run a throwaway server, or undefined when it can. */
export const throwawayPostgresUnavailable: string | undefined =
  BIN === undefined
    ? "PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) not found: install them or set PG_BIN"
    : isRoot && SERVER_USER === undefined
      ? "running as root without a `postgres` user: initdb refuses to run as root"
      : undefined;

/** Runs a server binary, as `postgres` when this process is root; a failure says what the binary printed. */
export async function serverTool(name: string, args: string[]): Promise<void> {
  if (BIN === undefined) throw new Error(throwawayPostgresUnavailable);
  const binary = path.join(BIN, name);
  const [command, commandArgs] = isRoot ? ["runuser", ["-u", "postgres", "--", binary, ...args]] : [binary, args];
  try {
    await run(command, commandArgs, { timeout: 90_000 });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`${name} ${args.join(" ")} failed: ${(error as Error).message}\n${stdout}${stderr}`.trim());
  }
}

/** A new empty directory that the server's user owns, to hold clusters, their logs and their sockets. */
export function throwawayRoot(prefix: string): string {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  if (SERVER_USER) chownSync(root, SERVER_USER.uid, SERVER_USER.gid);
  return root;
}

/** Makes a cluster trusting every local connection; nothing waits for the disk, the cluster is thrown away. */
export async function initCluster(dataDir: string): Promise<void> {
  // wal_level replica, max_wal_senders and a pg_hba.conf trusting loopback replication are initdb's defaults.
  await serverTool("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "--no-instructions"]);
}

/** A loopback port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("expected a TCP address");
  return address.port;
}

/**
 * Starts the cluster in `dataDir` on loopback, its socket beside its log in `socketDir`, and resolves with its
 * port: `port` when given (a restart keeps its address), else a free one, another if that one was taken between
 * choosing and binding. A failure carries the end of the server's log, which says why.
 */
export async function startServer(dataDir: string, socketDir: string, port?: number): Promise<number> {
  const logFile = path.join(socketDir, `${path.basename(dataDir)}.log`);
  const attempts = port === undefined ? 3 : 1;
  for (let attempt = 1; ; attempt += 1) {
    const chosen = port ?? (await freePort());
    const options = `-p ${chosen} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
    try {
      await serverTool("pg_ctl", ["-D", dataDir, "-w", "-t", "60", "-l", logFile, "-o", options, "start"]);
      return chosen;
    } catch (error) {
      if (attempt < attempts) continue;
      const log = existsSync(logFile) ? readFileSync(logFile, "utf8").split("\n").slice(-20).join("\n") : "(no server log)";
      throw new Error(`${(error as Error).message}\nserver log:\n${log}`);
    }
  }
}

/** Stops the server at once, as a crash would; resolves whether or not it was running. */
export async function stopServer(dataDir: string): Promise<void> {
  await serverTool("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
}

/** One cluster in a directory of its own: started on a free port (or `port` again), stopped, then removed. */
export type ThrowawayCluster = {
  start(port?: number): Promise<number>;
  stop(): Promise<void>;
  /** Stops the server if it runs and removes its directory. */
  remove(): Promise<void>;
};

/** Makes a cluster in a new directory named after `prefix`; nothing runs until `start`. */
export async function throwawayCluster(prefix: string): Promise<ThrowawayCluster> {
  const root = throwawayRoot(prefix);
  const dataDir = path.join(root, "cluster");
  await initCluster(dataDir);
  return {
    start: (port) => startServer(dataDir, root, port),
    stop: () => stopServer(dataDir),
    async remove() {
      await stopServer(dataDir);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
