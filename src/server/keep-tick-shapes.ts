import { createHook } from 'node:async_hooks'

/** The tick object kept for the life of the process (at most one). */
const kept: object[] = []

/**
 * Keeps one of the objects node makes for each `process.nextTick` alive for the rest of the
 * process, so that their hidden class (V8's map) never dies in a garbage collection.
 *
 * Why: node makes a tick object, an object literal with two symbol keys, several times for every
 * HTTP answer, and each lives less than a turn of the event loop. When a full collection finds
 * none alive, V8 drops their map; the next tick object gets a new one, and the literal's inline
 * cache sees one map more. After a few such collections (a busy start, 100 accounts made through
 * the admin API) the cache gave up, and the optimised code of node's streams built every tick
 * object through the runtime: about 10 % more CPU per request for the rest of the process, in
 * about half the server processes measured (docs/benchmarks.md, run 36). One object kept alive
 * keeps the map, and the cache stays as it was first filled.
 *
 * An async hook is enabled only until the next tick, long enough to see one tick object made: the
 * one that disables it, so what is kept is that tick object, its callback and the disabled hook.
 * Where node makes no such object, nothing is kept and the hook is gone all the same. Called by
 * the command line's server, which owns its process; the library leaves its host's process alone.
 *
 * @example
 * keepTickShapes() // once, before the server answers its first request
 */
export function keepTickShapes(): readonly object[] {
  if (kept.length > 0) return kept
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject' && kept.length === 0) kept.push(resource)
    },
  }).enable()
  process.nextTick(() => hook.disable())
  return kept
}
