import { createSourceEventStream, execute, getOperationAST, Kind, print, visit, type ExecutionArgs, type ExecutionResult } from "graphql";
import { ListingEventPayload } from "./listing-event-stream.js";

type Execution = ExecutionResult | Promise<ExecutionResult>;

/**
 * `subscribe` for graphql-ws. Like graphql-js's, except that each event is executed with the request context
 * that comes with it (fresh loaders per event: a subscription lives for hours, its own context would serve stale
 * data), and the result of one event for one contract and one selection is computed once and sent to every
 * subscriber with that contract and selection (thousands of subscribers do not mean thousands of executions).
 * Ending the stream (`return()`) reaches the source at once, even while it waits for the next event.
 */
export async function subscribeWithEventContexts(args: ExecutionArgs): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const source = await createSourceEventStream(args);
  if (!(Symbol.asyncIterator in source)) return source;
  return new ExecutedStream(source[Symbol.asyncIterator](), args, selectionKeyOf(args));
}

/** Executes each payload of the source stream; forwards `return()` to the source directly. */
class ExecutedStream implements AsyncIterableIterator<ExecutionResult> {
  constructor(
    private readonly source: AsyncIterator<unknown>,
    private readonly args: ExecutionArgs,
    private readonly selectionKey: string,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<ExecutionResult, undefined>> {
    const next = await this.source.next();
    if (next.done) return { done: true, value: undefined };
    return { done: false, value: await this.run(next.value) };
  }

  async return(): Promise<IteratorResult<ExecutionResult, undefined>> {
    await this.source.return?.();
    return { done: true, value: undefined };
  }

  async throw(error: unknown): Promise<IteratorResult<ExecutionResult, undefined>> {
    await this.source.return?.();
    throw error;
  }

  private run(payload: unknown): Execution {
    if (payload instanceof ListingEventPayload) {
      return payload.delivery.shared(`r${payload.contractKey}:${this.selectionKey}`, () =>
        execute({ ...this.args, rootValue: payload, contextValue: payload.context }),
      );
    }
    return execute({ ...this.args, rootValue: payload });
  }
}

/**
 * What the result of one event depends on besides the event and the contract: the operation's selection and
 * the variables used inside the subscription field's selection (not its arguments `after` and `filter`, which
 * only decide which events arrive).
 */
function selectionKeyOf(args: ExecutionArgs): string {
  const operation = getOperationAST(args.document, args.operationName);
  const used = new Set<string>();
  for (const selection of operation?.selectionSet.selections ?? []) {
    if (selection.kind !== Kind.FIELD || !selection.selectionSet) continue;
    visit(selection.selectionSet, {
      Variable(node) {
        used.add(node.name.value);
      },
    });
  }
  const variables = Object.fromEntries(
    Object.entries(args.variableValues ?? {})
      .filter(([name]) => used.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return internSelection(`${print(args.document)}|${args.operationName ?? ""}|${JSON.stringify(variables)}`);
}

const selections = new Map<string, string>();
/* Keys are never reused (a counter, not the map's size), so clearing the map cannot make two values share one. */
let nextSelectionKey = 0;

/** Selections as short keys (built once per subscription, used for every event). */
function internSelection(text: string): string {
  let key = selections.get(text);
  if (key === undefined) {
    if (selections.size >= 100_000) selections.clear();
    key = (nextSelectionKey++).toString(36);
    selections.set(text, key);
  }
  return key;
}
