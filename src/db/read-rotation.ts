/**
 * The read API's database for the next request: the read replicas in turn, or the primary when there is none.
 * One is taken per request, not per statement, so that everything a request reads comes from one replica's
 * state: a property and its classifieds never from two replicas that lag by different amounts.
 */
export function readRotation<D>(primary: D, replicas: readonly D[]): () => D {
  const [first] = replicas;
  if (first === undefined) return () => primary;
  if (replicas.length === 1) return () => first;
  let next = 0;
  return () => {
    const db = replicas[next] ?? first;
    next = (next + 1) % replicas.length;
    return db;
  };
}
