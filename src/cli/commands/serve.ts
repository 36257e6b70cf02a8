import type { Command } from "commander";
import type { RunningServer } from "../../server.js";
import { wholeNumber } from "../arguments.js";
import { loadEnv } from "../runtime.js";

/**
 * Starts the server and stops it gracefully on SIGTERM or SIGINT: during start-up (demo seeding) the signal
 * stops seeding at the next batch boundary; once listening, in-flight requests finish first. A second signal
 * exits at once (exit 1), for an operator who does not want to wait.
 */
async function serve(options: { port?: number; host?: string }): Promise<void> {
  const base = loadEnv();
  const env = { ...base, PORT: options.port ?? base.PORT, HOST: options.host ?? base.HOST };
  const aborter = new AbortController();
  let server: RunningServer | undefined;
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      process.stderr.write(`Received ${signal} again: exiting without waiting.\n`);
      process.exit(1);
    }
    stopping = true;
    if (server === undefined) {
      process.stderr.write(`Received ${signal}: stopping start-up at the next safe point.\n`);
      aborter.abort();
      return;
    }
    const running = server;
    running.logger.info({ signal }, "shutting down");
    running.stop().then(
      () => {
        running.logger.info("stopped");
        process.off("SIGTERM", onSignal);
        process.off("SIGINT", onSignal);
      },
      (error: unknown) => {
        running.logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  try {
    // Loaded here, not at the top: the HTTP layers are heavy and the other commands do not need them.
    const { startServer } = await import("../../server.js");
    server = await startServer({ env, signal: aborter.signal });
  } catch (error) {
    process.off("SIGTERM", onSignal);
    process.off("SIGINT", onSignal);
    throw error;
  }
  // A signal that arrived while the server was starting (after seeding) is honoured now.
  if (stopping) {
    stopping = false;
    onSignal("SIGTERM");
  }
}

export function registerServeCommand(program: Command): void {
  program
    .command("serve")
    .description("start the gateway (migrates; on an empty database with DEMO_DATA=true, seeds demo data and prints a demo token)")
    .option("--port <port>", "port to listen on (default: PORT, 4000)", wholeNumber(0, 65_535))
    .option("--host <host>", "address to listen on (default: HOST, 127.0.0.1)")
    .action((options: { port?: number; host?: string }) => serve(options));
}
