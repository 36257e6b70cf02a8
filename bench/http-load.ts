/**
 * Load on an HTTP server for the benches (autocannon): each request made by the scenario, latencies recorded one
 * by one so that p50, p95 and p99 are exact, and the server's CPU per request read from /proc.
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

export type Figures = { requests: number; rps: number; p50: number; p95: number; p99: number; non2xx: number; cpuMsPerRequest: number };

export type Scenario = { name: string; connections: number; request(): { method: "GET" | "POST"; path: string; body?: string; token: boolean } };

/**
 * CPU time (user + system, ms) the server process has used so far, from /proc (Linux; NaN elsewhere). Per
 * request it shows the servers' own cost, which a machine shared with other work distorts less than req/s.
 */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return Number.NaN;
  }
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * Runs `scenario` against the server on `port` for `seconds` (requests taking the tokens in turn) and measures
 * it; `serverPid` gives the server's CPU per request.
 */
export async function load(port: number, token: string[], scenario: Scenario, seconds: number, serverPid?: number): Promise<Figures> {
  const cpuBefore = cpuMs(serverPid);
  const latencies: number[] = [];
  let non2xx = 0;
  let turn = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: scenario.connections,
        duration: seconds,
        requests: [
          {
            setupRequest(request) {
              const next = scenario.request();
              turn = (turn + 1) % token.length;
              const headers: Record<string, string> = next.body ? { "content-type": "application/json" } : {};
              if (next.token) headers["authorization"] = `Bearer ${token[turn]}`;
              return { ...request, method: next.method, path: next.path, body: next.body, headers };
            },
          },
        ],
      },
      (error: unknown, finished: autocannon.Result) => (error ? reject(error) : resolve(finished)),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode >= 300) non2xx += 1;
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: non2xx + result.errors + result.timeouts,
    cpuMsPerRequest: (cpuMs(serverPid) - cpuBefore) / Math.max(1, latencies.length),
  };
}
