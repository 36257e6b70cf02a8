import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";

const run = promisify(execFile);

/**
 * A PostgreSQL primary and a hot standby streaming from it, both of the test's own (temporary directories, free
 * loopback ports, trust authentication), never the machine's shared server: the standby is made by
 * `pg_basebackup -R` from the primary, so it is read-only (a write sent to it fails with SQLSTATE 25006) and
 * replays what the primary commits, which the test can pause to make it lag.
 */
export type ReplicaCluster = {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops applying the primary's changes on the standby (it keeps receiving them); resolves once paused. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Resolves once the standby has applied everything the primary had committed when it was called. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Stops the standby at once (a replica that goes away). */
  stopReplica(): Promise<void>;
  /** Stops both servers and removes their directories. */
  stop(): Promise<void>;
};

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

/** Why this machine cannot run the replica tests, or undefined when it can. */
export const replicaClusterUnavailable: string | undefined =
  BIN === undefined
    ? "PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) not found: install them or set PG_BIN"
    : isRoot && SERVER_USER === undefined
      ? "running as root without a `postgres` user: initdb refuses to run as root"
      : undefined;

/** Runs a server binary, as `postgres` when this process is root. */
async function tool(name: string, args: string[]): Promise<void> {
  if (BIN === undefined) throw new Error(replicaClusterUnavailable);
  const binary = path.join(BIN, name);
  const [command, commandArgs] = isRoot ? ["runuser", ["-u", "postgres", "--", binary, ...args]] : [binary, args];
  await run(command, commandArgs, { timeout: 60_000 });
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

/** Server settings for a throwaway cluster: loopback only, sockets in its own directory, no waiting for disks. */
function serverOptions(port: number, socketDir: string): string {
  return `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
}

/** Starts a primary and a standby of it (a few seconds); call `stop()` when done. */
export async function startReplicaCluster(): Promise<ReplicaCluster> {
  if (replicaClusterUnavailable !== undefined) throw new Error(replicaClusterUnavailable);
  const root = mkdtempSync(path.join(tmpdir(), "listings-replicas-"));
  if (SERVER_USER) chownSync(root, SERVER_USER.uid, SERVER_USER.gid);
  const primaryDir = path.join(root, "primary");
  const standbyDir = path.join(root, "standby");
  const started: string[] = [];
  const stopServer = (dir: string) => tool("pg_ctl", ["-D", dir, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
  const clients: postgres.Sql[] = [];
  const stop = async () => {
    await Promise.all(clients.map((client) => client.end({ timeout: 1 })));
    for (const dir of started.reverse()) await stopServer(dir);
    rmSync(root, { recursive: true, force: true });
  };

  try {
    const [primaryPort, standbyPort] = [await freePort(), await freePort()];
    // wal_level replica, max_wal_senders and a pg_hba.conf trusting loopback replication are initdb's defaults.
    await tool("initdb", ["-D", primaryDir, "-A", "trust", "-U", "postgres", "--no-sync", "--no-instructions"]);
    await tool("pg_ctl", ["-D", primaryDir, "-w", "-l", path.join(root, "primary.log"), "-o", serverOptions(primaryPort, root), "start"]);
    started.push(primaryDir);
    await tool("pg_basebackup", [
      "-h",
      "127.0.0.1",
      "-p",
      String(primaryPort),
      "-U",
      "postgres",
      "-D",
      standbyDir,
      "-R",
      "-X",
      "stream",
      "-c",
      "fast",
      "--no-sync",
    ]);
    await tool("pg_ctl", ["-D", standbyDir, "-w", "-l", path.join(root, "standby.log"), "-o", serverOptions(standbyPort, root), "start"]);
    started.push(standbyDir);

    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
    const replicaUrl = `postgres://postgres@127.0.0.1:${standbyPort}/postgres`;
    const primary = postgres(primaryUrl, { max: 1, onnotice: () => undefined });
    const standby = postgres(replicaUrl, { max: 1, onnotice: () => undefined });
    clients.push(primary, standby);
    const [role] = await standby<{ recovering: boolean }[]>`select pg_is_in_recovery() as recovering`;
    if (!role?.recovering) throw new Error("the standby is not in recovery");

    const until = async (what: string, timeoutMs: number, done: () => Promise<boolean>) => {
      const deadline = Date.now() + timeoutMs;
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`the standby did not ${what} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    return {
      primaryUrl,
      replicaUrl,
      async pauseReplay() {
        await standby`select pg_wal_replay_pause()`;
        await until("pause", 10_000, async () => (await standby<{ state: string }[]>`select pg_get_wal_replay_pause_state() as state`)[0]?.state === "paused");
      },
      async resumeReplay() {
        await standby`select pg_wal_replay_resume()`;
      },
      async caughtUp(timeoutMs = 15_000) {
        const [head] = await primary<{ lsn: string }[]>`select pg_current_wal_insert_lsn()::text as lsn`;
        const target = head?.lsn ?? "0/0";
        await until("catch up", timeoutMs, async () => {
          const [row] = await standby<{ behind: boolean }[]>`select coalesce(pg_last_wal_replay_lsn() < ${target}::pg_lsn, true) as behind`;
          return row?.behind === false;
        });
      },
      async stopReplica() {
        await standby.end({ timeout: 1 });
        const index = started.indexOf(standbyDir);
        if (index < 0) return;
        started.splice(index, 1);
        await stopServer(standbyDir);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
