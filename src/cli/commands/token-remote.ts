import { CliError } from "../cli-errors.js";

/** `listings token ... --server URL --token T`: the same commands through a running server's admin API. */
export type RemoteServer = { server: string; token: string };

const TOKENS_PATH = "/admin/v1/tokens";

/** The remote server of the options, when `--server` is given (with `--token`, which needs the admin scope). */
export function remoteOf(options: { server?: string; token?: string }): RemoteServer | undefined {
  if (options.server === undefined && options.token === undefined) return undefined;
  if (options.server === undefined || options.token === undefined) throw new CliError("--server and --token go together");
  if (!URL.canParse(options.server) || !/^https?:$/.test(new URL(options.server).protocol)) {
    throw new CliError(`--server ${JSON.stringify(options.server)} is not an http(s) URL (e.g. http://127.0.0.1:4000)`);
  }
  return { server: options.server, token: options.token };
}

/** Calls the admin API; a refusal becomes a CLI error with the server's message. */
export async function callTokensApi<T>(remote: RemoteServer, method: "GET" | "POST" | "DELETE", suffix = "", body?: unknown): Promise<T> {
  const url = new URL(`${TOKENS_PATH}${suffix}`, remote.server);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${remote.token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new CliError(`cannot reach ${remote.server}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const answer: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    const message = typeof answer === "object" && answer !== null && "message" in answer ? String(answer.message) : `HTTP ${response.status}`;
    const details = typeof answer === "object" && answer !== null && "errors" in answer ? ` ${JSON.stringify(answer.errors)}` : "";
    throw new CliError(`the server refused: ${message}${details}`);
  }
  return answer as T; // the admin API's documented answer for this call
}
