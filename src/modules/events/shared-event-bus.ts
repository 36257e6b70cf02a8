import type { DatabaseHandle } from "../../db/client.js";
import { EventBus, type EventBusOptions } from "./event-bus.js";

type Shared = { bus: EventBus; users: number; started: Promise<void> };

const buses = new WeakMap<DatabaseHandle, Shared>();

/**
 * The event bus of a database handle, shared by everything in the process that reads the live event stream
 * (the subscription server, the webhook dispatcher): one LISTEN and one reader loop per process. The first
 * caller's options apply. Each caller must call `release()` once; the last release stops the bus.
 */
export async function acquireEventBus(database: DatabaseHandle, options: EventBusOptions = {}): Promise<{ bus: EventBus; release: () => Promise<void> }> {
  let shared = buses.get(database);
  if (!shared) {
    const bus = new EventBus(database, options);
    shared = { bus, users: 0, started: bus.start() };
    buses.set(database, shared);
  }
  shared.users += 1;
  const current = shared;
  try {
    await current.started;
  } catch (error) {
    current.users -= 1;
    if (buses.get(database) === current) buses.delete(database);
    throw error;
  }
  let released = false;
  return {
    bus: current.bus,
    async release() {
      if (released) return;
      released = true;
      current.users -= 1;
      if (current.users === 0) {
        if (buses.get(database) === current) buses.delete(database);
        await current.bus.stop();
      }
    },
  };
}
