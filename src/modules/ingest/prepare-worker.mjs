// Entry of the line-preparation worker thread. The project runs from its TypeScript sources, and a worker
// thread does not share the loader of the thread that starts it: register tsx here, then load the body.
import { register } from "tsx/esm/api";

register();
await import("./prepare-worker.ts");
