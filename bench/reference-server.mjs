// The limit the sandbox is measured against: a plain node:http server that answers with the very
// same response bytes, precomputed, after checking the X-API-Key header. Prints its port.
//   node bench/reference-server.mjs <answers.json>
// answers.json: { "key": "...", "status": 200, "headers": { ... }, "body": "..." }
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const answer = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const body = Buffer.from(answer.body)
const headers = { ...answer.headers, 'content-length': String(body.length) }
const refused = Buffer.from('{"success":false}')

const server = createServer((request, response) => {
  if (request.headers['x-api-key'] !== answer.key) {
    response.writeHead(401, { 'content-type': 'application/json', 'content-length': String(refused.length) })
    response.end(refused)
    return
  }
  response.writeHead(answer.status, headers)
  response.end(body)
})
server.listen(0, '127.0.0.1', () => process.stdout.write(`PORT ${server.address().port}\n`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
