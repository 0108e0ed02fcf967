import { OBSERVER } from './admin/admin-paths.js'
import type { DayNumber } from '../vocabulary/calendar-date.js'
import { timedAnswer, type CoreRequest, type TimedAnswer } from './core-request.js'
import { toAnswer } from './answer.js'
import { fail, type ErrorEnvelope } from '../contract/envelope.js'
import { SandboxError } from '../vocabulary/sandbox-error.js'
import { ERRORS, type ErrorTemplate } from '../vocabulary/errors.js'
import { readProjectIdHeader } from './guards/authorize-project.js'
import { MAX_LATENCY_MS, pickDelay } from '../vocabulary/latency.js'
import type { ScenarioDecision } from '../scenarios/scenario-decision.js'
import type { SandboxCore } from './sandbox-core.js'
import { NO_WARNINGS } from '../vocabulary/warnings.js'
import { faultDelivery } from './fault-answer.js'
import { hasVariant, variantsShownBy } from '../vocabulary/variants.js'
import { FAULT_PREFIX, seenStatus } from '../vocabulary/faults.js'
import { GIVES_UP_DELAY_MS } from '../vocabulary/behaviour-rules.js'
import { replayRepeat } from './replay-repeat.js'
import { finishRequest } from './finish-request.js'
import type { FinishedRequest } from './finished-request.js'
import type { RequestContext } from './request-context.js'
import { decideFor, PIPELINE_STAGES, type EndpointAnswer } from './pipeline-stages.js'

/**
 * Answers one request of the public API (below the base path). A repeat of the request the repeat
 * memo holds is replayed first, finished with the same record (`replayRepeat`); any other runs the
 * pipeline's stages over one context, in the spec's check order (`PIPELINE_STAGES`): route
 * (404/405) → warnings → X-Sandbox-Scenario (400) → the scenarios decide, once, as plain data (the
 * fault stage: a reset, a gateway's page…) → the repeat memo → key (401, or a scenario's refused
 * key) → strict mode's warnings (400) → project (400/403, a scenario's hidden projects) and query
 * (400) → data stage: a scenario's rate limit (429) or forced failure → the answer (0 dates under
 * `no-data`) in the envelope. Every way ends in one finish (`finishRequest`: the journal and the
 * client report).
 *
 * It never throws: a refusal becomes its error envelope, anything unexpected the endpoint's own
 * 500. Latency (the sandbox's, plus matching scenario rules') applies to every answer. The answer
 * is counted for the client report (outcome and warnings) unless it is the dashboard's own
 * (`X-Sandbox-Client: dashboard`), which moves no scenario counter and goes to its own journal.
 *
 * @example
 * const response = answerApiRequest(sandbox, { method: 'GET', path: '/api/v1/projects', query: '', header })
 * response.status // 200
 */
export function answerApiRequest(sandbox: SandboxCore, request: CoreRequest): TimedAnswer {
  // A repeat of the last request answered afresh, with nothing in force that could answer it otherwise.
  // The time is read once a request, here: the replay and the steps both judge by it.
  const realNow = sandbox.clock.realNow()
  const replayed = replayRepeat(sandbox, request, realNow)
  if (replayed !== undefined) return replayed
  // Each header is read once; the stages judge what was read, in the check order. The dashboard's
  // own requests see the sandbox as a test does, but change nothing a test sees.
  const keyHeader = request.header('x-api-key')
  const projectHeader = request.header('x-project-id')
  const context: RequestContext = {
    sandbox,
    request,
    realNow,
    requestNumber: sandbox.requestCount++,
    keyHeader,
    projectHeader,
    projectId: readProjectIdHeader(projectHeader),
    observer: request.header('x-sandbox-client') === OBSERVER,
    endpoint: undefined,
    warnings: NO_WARNINGS,
    active: sandbox.scenarios.active,
    decision: undefined,
    now: 0,
    today: 0 as DayNumber,
    repeatable: false,
    repeat: undefined,
    key: undefined,
    level: undefined,
    project: undefined,
    query: undefined,
    large: undefined,
    dataHeaders: NO_HEADERS,
  }
  const { requestNumber, observer } = context
  let answer: EndpointAnswer
  let error: string | null = null
  try {
    answer = runStages(context)
  } catch (thrown) {
    const refused = thrown instanceof SandboxError ? thrown : undefined
    const template: ErrorTemplate = refused?.template ?? context.endpoint?.failure ?? ERRORS.internal
    // variant-sparse: the error without its detail, which the spec says only some errors carry.
    const bare = hasVariant(decisionOf(context).variants, 'sparse')
    answer =
      refused === undefined
        ? toAnswer(fail(template))
        : toAnswer(bare ? withoutDetail(refused.envelope) : refused.envelope, refused.headers)
    error = template.error ?? null
  }
  const { endpoint, active, warnings } = context
  const decision = decisionOf(context)
  const { fault } = decision
  let delayMs = sandbox.latency === undefined ? 0 : pickDelay(sandbox.latency, sandbox.analytics.seed, requestNumber)
  // Latency rules delay every answer, errors included; they add up, but never past the documented
  // most: 16 scenarios of 256 ten-minute rules would overflow a timer.
  if (decision.addedLatencyMs > 0) delayMs = Math.min(Math.max(MAX_LATENCY_MS, delayMs), delayMs + decision.addedLatencyMs)
  // A gateway's time-out comes after its own wait, on top of any latency.
  if (fault?.type === 'gateway-timeout') delayMs = Math.min(Math.max(MAX_LATENCY_MS, delayMs), delayMs + fault.delayMs)
  // A keep-alive connection closes under a request only where one was reused: on a new connection
  // (or through msw, which has none) the fault is met and the request answered.
  const delivered = fault?.type === 'keepalive-close' && request.reused !== true ? undefined : fault
  const finished: FinishedRequest = {
    method: request.method,
    path: request.path,
    query: request.query,
    seenStatus: seenStatus(delivered?.type, answer.status),
    status: answer.status,
    keyHeader,
    projectHeader,
    scenarios: active.names,
    error,
    warnings,
    fault: fault === undefined ? null : `${FAULT_PREFIX}${fault.type}`,
    retryAfter: retryAfterOf(answer),
    endpoint: endpoint?.name,
    level: context.level,
    dates: answer.dates,
    variants: endpoint === undefined || decision.variants === 0 ? 0 : variantsShownBy(endpoint.name, decision.variants),
    observer,
  }
  const id = finishRequest(sandbox, finished, realNow)
  // A repeat answered as it was, with nothing added, is handed on as the same object, and its
  // record is the one its replays are finished with.
  const { repeat } = context
  if (repeat !== undefined && delayMs === 0 && !observer && warnings.length === 0) {
    repeat.finished ??= finished
    repeat.timed ??= timedAnswer(answer, { delayMs, error, warnings, observer })
    return repeat.timed
  }
  // Where a client should give up (a long wait, a paced body), the transport says how the answer ended.
  const said = observer || (fault?.type !== 'slow-body' && delayMs < GIVES_UP_DELAY_MS) ? undefined : sandbox.journal.lastSaid
  const settle =
    said === undefined
      ? undefined
      : (waitedMs: number, byClient: boolean) => sandbox.behaviour.settle(said, realNow, id, waitedMs, byClient)
  return timedAnswer(answer, { delayMs, error, warnings, observer, fault: faultDelivery(delivered), settle })
}

/** The seconds an answer's `Retry-After` says, or `null` (the sandbox writes it only as whole seconds). */
function retryAfterOf(answer: EndpointAnswer): number | null {
  const header = answer.headers['retry-after']
  return header === undefined ? null : Number(header)
}

/** `envelope` without `errors.detail`. */
function withoutDetail(envelope: ErrorEnvelope): ErrorEnvelope {
  const { detail: _detail, ...errors } = envelope.errors as { detail?: string }
  return { ...envelope, errors } as ErrorEnvelope
}

/**
 * The scenarios' decision, asked once a request: by the stages, or for a request refused before
 * they asked (its latency and variants), at its end from what is known of it, without a fault.
 */
function decisionOf(context: RequestContext): ScenarioDecision {
  return context.decision ?? decideFor(context, false)
}

/** Runs the stages in order until one answers; a refusal is thrown through. */
function runStages(context: RequestContext): EndpointAnswer {
  for (const stage of PIPELINE_STAGES) {
    const answered = stage(context)
    if (answered !== undefined) return answered
  }
  // The last stage always answers.
  throw new Error('the pipeline ended without an answer')
}

/** Headers of a request no rate limit counted: one object for them all. */
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({})
