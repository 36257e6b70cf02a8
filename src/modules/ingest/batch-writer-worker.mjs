// Entry of the batch-writer worker thread. The project runs from its TypeScript sources, and a worker thread
// does not share the loader of the thread that starts it: register tsx here, then load the body.
import { register } from "tsx/esm/api";

register();
await import("./batch-writer-worker.ts");
