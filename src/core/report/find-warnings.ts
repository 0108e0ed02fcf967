import { ANALYTICS_PARAMETERS, type EndpointRules } from '../../vocabulary/endpoint-rules.js'
import { maskKeysInText, type KnownKeys } from '../../vocabulary/mask-key.js'
import { decodeUrlPart } from '../../vocabulary/decode-url-part.js'
import { MAX_WARNINGS, nearestName, quoteName, WARNING_TEMPLATES, type Warning } from '../../vocabulary/warnings.js'
import type { CoreRequest } from '../core-request.js'
import type { WarningsMemo } from './warnings-memo.js'

/** Every query parameter some endpoint reads. */
const KNOWN_PARAMETERS: readonly string[] = ANALYTICS_PARAMETERS

/** Parameter names clients put a key in (letters and digits only, lower case). */
const KEY_NAMES: ReadonlySet<string> = new Set(['apikey', 'xapikey', 'key', 'token', 'accesstoken', 'auth', 'authorization'])

const NONE: readonly Warning[] = Object.freeze([])

const warning = (template: { readonly error: string }, detail: string): Warning => ({ code: template.error, detail })

/** What the query string may have got wrong: unknown, ignored or repeated parameters, a key. */
function queryWarnings(endpoint: EndpointRules, query: string, keys: KnownKeys, found: Warning[]): void {
  const counts = new Map<string, { count: number; keyed: boolean }>()
  for (const piece of query.split('&')) {
    if (piece === '') continue
    const equals = piece.indexOf('=')
    const name = decodeUrlPart(equals < 0 ? piece : piece.slice(0, equals), true)
    const value = equals < 0 ? '' : decodeUrlPart(piece.slice(equals + 1), true)
    const seen = counts.get(name) ?? { count: 0, keyed: false }
    seen.count++
    seen.keyed ||= keys.contains(value) || keys.contains(name)
    counts.set(name, seen)
  }
  const path = `/${endpoint.name}`
  for (const [name, { count, keyed }] of counts) {
    if (found.length >= MAX_WARNINGS) return
    if (keyed || KEY_NAMES.has(name.toLowerCase().replace(/[^a-z0-9]/g, ''))) {
      // A name that holds a key is never quoted: the warning goes into a header and the journal.
      const where = keys.contains(name) ? 'as a parameter name' : `in ${quoteName(name)}`
      found.push(
        warning(
          WARNING_TEMPLATES.keyInQuery,
          `an API key was sent in the query string (${where}): the API reads it only from the X-API-Key header, and URLs end up in logs`,
        ),
      )
      continue
    }
    const quoted = quoteName(name)
    // A parameter the endpoint reads, given twice, is refused (400): no warning needed.
    if (endpoint.parameters.includes(name)) continue
    if (KNOWN_PARAMETERS.includes(name)) {
      found.push(
        warning(
          WARNING_TEMPLATES.ignoredParameter,
          `${quoted} is read by /monitoring and /overview, not by ${path}: the API ignores it here`,
        ),
      )
    } else {
      const readsSome = endpoint.parameters.length > 0
      const nearest = nearestName(name, readsSome ? endpoint.parameters : KNOWN_PARAMETERS)
      const reads = readsSome ? `it reads ${endpoint.parameters.join(', ')}` : 'it reads none'
      // Where the endpoint reads none, the near name is no fix: it would be ignored here too.
      const hint =
        nearest === undefined
          ? reads
          : readsSome
            ? `did you mean ${nearest}?`
            : `${reads} (${nearest} is read by /monitoring and /overview only)`
      found.push(
        warning(WARNING_TEMPLATES.unknownParameter, `${quoted} is not a query parameter of ${path}, so the API ignores it: ${hint}`),
      )
    }
    if (count > 1 && found.length < MAX_WARNINGS) {
      found.push(
        warning(
          WARNING_TEMPLATES.repeatedParameter,
          `${quoted} is given ${count} times: the API does not refuse it, and reads none of them`,
        ),
      )
    }
  }
}

/**
 * The warnings of a request to `endpoint`: what the real API would answer, but probably not as the
 * client meant — an unknown query parameter (with the nearest known one), a known one this endpoint
 * does not read, one given twice where the API does not refuse it, `X-Project-ID` where it is
 * ignored, a body on a GET, a key in the query string. At most {@link MAX_WARNINGS}; a request with
 * none (nearly all) costs a few comparisons and allocates nothing; a request whose only possible
 * warnings are its query's is answered from `memo` when its query is the last one's.
 *
 * @example
 * findWarnings(ENDPOINT_RULES.monitoring, request, projectHeader, index.knownKeys)[0]?.code // 'unknown_parameter' for ?startDate=…
 */
export function findWarnings(
  endpoint: EndpointRules,
  request: CoreRequest,
  projectHeader: string | null,
  keys: KnownKeys,
  memo?: WarningsMemo,
): readonly Warning[] {
  const length = request.header('content-length')
  const chunked = request.header('transfer-encoding')
  const ignoredProject = projectHeader !== null && endpoint.projectHeader === 'ignored'
  const body = chunked !== null || (length !== null && length !== '0')
  if (request.query === '' && !ignoredProject && !body) return NONE
  if (memo !== undefined && !ignoredProject && !body) {
    const { query } = request
    return (
      memo.find(endpoint, query, keys) ??
      memo.keep(endpoint, query, keys, warningsOf(endpoint, request, length, chunked, false, false, keys))
    )
  }
  return warningsOf(endpoint, request, length, chunked, ignoredProject, body, keys)
}

/** Every warning of the request, found afresh, each detail masked of known keys. */
function warningsOf(
  endpoint: EndpointRules,
  request: CoreRequest,
  length: string | null,
  chunked: string | null,
  ignoredProject: boolean,
  body: boolean,
  keys: KnownKeys,
): readonly Warning[] {
  const found: Warning[] = []
  if (request.query !== '') queryWarnings(endpoint, request.query, keys, found)
  if (ignoredProject && found.length < MAX_WARNINGS) {
    found.push(
      warning(
        WARNING_TEMPLATES.ignoredProjectId,
        `X-Project-ID is ignored by /${endpoint.name}: it answers for every project the key can reach`,
      ),
    )
  }
  if (body && found.length < MAX_WARNINGS) {
    const size = chunked !== null ? 'Transfer-Encoding: chunked' : `Content-Length: ${quoteName(length!).slice(1, -1)}`
    found.push(
      warning(
        WARNING_TEMPLATES.bodyOnGet,
        `this GET request carries a body (${size}): the API reads none; parameters go in the query string`,
      ),
    )
  }
  // A name quoted in a detail may hold a key: the detail goes into a header, the journal and the report.
  for (let index = 0; index < found.length; index++) {
    const { code, detail } = found[index]!
    const shown = maskKeysInText(detail, keys)
    if (shown !== detail) found[index] = { code, detail: shown }
  }
  return found.length === 0 ? NONE : found
}
