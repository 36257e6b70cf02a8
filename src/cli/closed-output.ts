/**
 * A reader that closes the command's output early (`listings seed --out - | head -1`) is not an error: the
 * command stops quietly, as Unix tools do, instead of failing on the next write with a stack trace.
 */
export function endQuietlyWhenOutputCloses(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    process.exit(0);
  });
}
