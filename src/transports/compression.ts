import { constants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Answers smaller than this are sent as they are: compressing them costs more than it saves. */
const THRESHOLD_BYTES = 1_024;

/**
 * Compresses answers (HTML, scripts, JSON) with Brotli or gzip when the client accepts one, per
 * `Accept-Encoding`. Brotli at quality 4: about gzip's cost for a smaller result; the highest qualities take
 * seconds on the GraphiQL page.
 */
export function registerCompression(app: FastifyInstance): void {
  app.register(compress, {
    global: true,
    threshold: THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
