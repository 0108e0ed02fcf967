import fs = require('node:fs')

// `--exit-with-parent`: the launcher (src/cli/main.cts) loads this only when asked. CommonJS like the
// launcher, so asking costs no ES module loader. A harness often starts the sandbox through
// wrappers (`npx` runs `sh -c`, which runs node), and killing the harness or the wrapper leaves
// the server running with parent 1, its port taken. So every process above the sandbox is
// watched, not only its parent: when any of them ends, the sandbox stops.

/** How often the ancestors are looked at. */
const WATCH_INTERVAL_MS = 250

/** Ancestors above this many levels are not watched (a loop guard; real chains are short). */
const MAX_DEPTH = 64

/** One watched process: its id and, where /proc tells it, its start time (a reused id is not it). */
interface Ancestor {
  readonly pid: number
  readonly started: string | undefined
}

/** Parent id, state and start time of `pid` from /proc; `undefined` where /proc does not have it. */
function readStat(pid: number): { ppid: number; state: string; started: string } | undefined {
  try {
    // After "pid (comm) ": state, ppid, …, starttime is the 20th field.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ')
    return { state: fields[0] ?? '', ppid: Number(fields[1]), started: fields[19] ?? '' }
  } catch {
    return undefined
  }
}

/** The processes above this one, nearest first, up to (not including) process 1. */
function findAncestors(): Ancestor[] {
  const ancestors: Ancestor[] = []
  let pid = process.ppid
  while (pid > 1 && ancestors.length < MAX_DEPTH) {
    const stat = readStat(pid)
    ancestors.push({ pid, started: stat?.started })
    // Without /proc (macOS, Windows), only the parent is known.
    if (stat === undefined) break
    pid = stat.ppid
  }
  return ancestors
}

/** Whether `ancestor` has ended: gone, a zombie nobody reaped, or its id now someone else's. */
function hasEnded(ancestor: Ancestor): boolean {
  if (ancestor.started === undefined) {
    try {
      process.kill(ancestor.pid, 0)
      return false
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ESRCH'
    }
  }
  const stat = readStat(ancestor.pid)
  return stat === undefined || stat.state === 'Z' || stat.started !== ancestor.started
}

/**
 * Calls `onEnded` once, with the id of the process that ended, as soon as this process's parent or
 * any process above it ends. The timer does not keep the process alive.
 *
 * @example
 * watchAncestors((pid) => stopServer(`process ${pid} ended`))
 */
function watchAncestors(onEnded: (pid: number) => void): void {
  const parent = process.ppid
  const ancestors = findAncestors()
  const timer = setInterval(() => {
    const ended = process.ppid !== parent ? parent : ancestors.find(hasEnded)?.pid
    if (ended === undefined) return
    clearInterval(timer)
    onEnded(ended)
  }, WATCH_INTERVAL_MS)
  timer.unref()
}

export = { watchAncestors, WATCH_INTERVAL_MS }
