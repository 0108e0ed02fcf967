// A session's silent_url under 1,000 clients that never give up (#54): what they cost the server,
// and whether ending the session lets them go.
import { connect } from 'node:net'

/**
 * Opens `count` connections to `url`, each sending a request and reading nothing; measures what the
 * server's RSS (`rss()`, MB) grew by, per connection; `openAfter(ms)` says how many are still open
 * after `ms` (and closes them).
 */
export async function silentConnections(url, count, rss) {
  const { hostname, port, pathname } = new URL(url)
  const before = rss()
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const socket = connect(Number(port), hostname, () => {
            socket.write(`GET ${pathname}projects HTTP/1.1\r\nHost: ${hostname}\r\nX-API-Key: sbx_user_alpha\r\n\r\n`)
            resolve(socket)
          })
          socket.once('error', reject)
        }),
    ),
  )
  await new Promise((resolve) => setTimeout(resolve, 500))
  const kbEach = ((rss() - before) * 1024) / count
  return {
    kbEach: Math.max(0, kbEach),
    async openAfter(ms) {
      await new Promise((resolve) => setTimeout(resolve, ms))
      const open = sockets.filter((socket) => !socket.closed).length
      for (const socket of sockets) socket.destroy()
      return open
    },
  }
}
