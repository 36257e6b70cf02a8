import { rmSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { initCluster, serverTool, startServer, stopServer, throwawayPostgresUnavailable, throwawayRoot } from "./throwaway-postgres.js";

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

/** Starts a primary and a standby of it (a few seconds); call `stop()` when done. */
export async function startReplicaCluster(): Promise<ReplicaCluster> {
  if (throwawayPostgresUnavailable !== undefined) throw new Error(throwawayPostgresUnavailable);
  const root = throwawayRoot("listings-replicas-");
  const primaryDir = path.join(root, "primary");
  const standbyDir = path.join(root, "standby");
  const started: string[] = [];
  const clients: postgres.Sql[] = [];
  const stop = async () => {
    await Promise.all(clients.map((client) => client.end({ timeout: 1 })));
    for (const dir of started.reverse()) await stopServer(dir);
    rmSync(root, { recursive: true, force: true });
  };

  try {
    await initCluster(primaryDir);
    const primaryPort = await startServer(primaryDir, root);
    started.push(primaryDir);
    await serverTool("pg_basebackup", [
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
    const standbyPort = await startServer(standbyDir, root);
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
