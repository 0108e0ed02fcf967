import { OBSERVER } from './admin/admin-paths.js'
import { dayOfInstant } from '../vocabulary/calendar-date.js'
import { timedAnswer, type CoreRequest, type TimedAnswer } from './core-request.js'
import type { Endpoint } from './endpoints/endpoint.js'
import { toAnswer, withHeaders, type Answer } from './answer.js'
import { fail, type ErrorEnvelope } from '../contract/envelope.js'
import { SandboxError } from '../vocabulary/sandbox-error.js'
import { ERRORS, type ErrorTemplate } from '../vocabulary/errors.js'
import { authenticate } from './guards/authenticate.js'
import { projectIdOf, readProjectIdHeader, type ProjectIdHeader } from './guards/authorize-project.js'
import { resolveRoute } from './guards/resolve-route.js'
import { MAX_LATENCY_MS, pickDelay } from '../vocabulary/latency.js'
import { enterData, type ActiveScenarios, type RuleScope } from '../scenarios/active-scenarios.js'
import { NO_DECISION, type ScenarioDecision } from '../scenarios/scenario-decision.js'
import type { ModelIndex } from '../model/model-index.js'
import type { SandboxCore } from './sandbox-core.js'
import { ENDPOINT_RULES } from '../vocabulary/endpoint-rules.js'
import type { KeyLevel } from '../vocabulary/key-level.js'
import { NO_WARNINGS, WARNING_BY_CODE, type Warning } from '../vocabulary/warnings.js'
import { findWarnings } from './report/find-warnings.js'
import type { RepeatedRequest } from './repeat-memo.js'
import { faultAnswer, faultDelivery } from './fault-answer.js'
import { stampRequestId } from './variant-answer.js'
import { hasVariant, variantsShownBy } from '../vocabulary/variants.js'
import { FAULT_PREFIX, seenStatus } from '../vocabulary/faults.js'
import { largeAccount } from './large-account.js'
import { mutateAnswer } from './mutate-answer.js'
import { replayRepeat } from './replay-repeat.js'

/** What the steps learned of a request, filled as they pass; what a refused request knew is kept for its latency and report. */
interface Learned {
  endpoint: Endpoint | undefined
  active: ActiveScenarios
  decision: ScenarioDecision | undefined
  level: KeyLevel | undefined
  warnings: readonly Warning[]
  /** The repeat memo's request, where this one is (or now is) it. */
  repeat: RepeatedRequest | undefined
}

/**
 * Answers one request of the public API (below the base path): one pipeline in the spec's check
 * order, each step returning what it learned or throwing the finished {@link SandboxError}:
 *
 * route (404/405) → X-Sandbox-Scenario (400) → the scenarios decide, once, as plain data (the
 * fault stage: a reset, a gateway's page…) → key (401, or a scenario's refused key) → strict mode's
 * warnings (400) → project (400/403, a scenario's hidden projects) → query (400) → data stage: a
 * scenario's rate limit (429) or forced failure → the answer (0 dates under `no-data`) in the
 * envelope.
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
  const requestNumber = sandbox.requestCount++
  // Each header is read once; the steps judge what was read, in the check order.
  const keyHeader = request.header('x-api-key')
  const projectHeader = request.header('x-project-id')
  const projectId = readProjectIdHeader(projectHeader)
  // The dashboard's own requests see the sandbox as a test does, but change nothing a test sees.
  const observer = request.header('x-sandbox-client') === OBSERVER
  const learned: Learned = {
    endpoint: undefined,
    active: sandbox.scenarios.active,
    decision: undefined,
    level: undefined,
    warnings: NO_WARNINGS,
    repeat: undefined,
  }
  // Asked once a request: by the steps, or for a request refused before they asked (its latency
  // and variants), at its end from what is known of it (the key's project looked up only then).
  const decided = (): ScenarioDecision =>
    (learned.decision ??=
      learned.active.rules.length === 0
        ? NO_DECISION
        : learned.active.decide(scopeAsSent(sandbox.model.index, learned.endpoint, keyHeader, projectId), {
            requestNumber,
            observe: observer,
            faults: false,
          }))
  let answer: Answer & { readonly dates?: number }
  let error: string | null = null
  try {
    answer = runSteps(sandbox, request, learned, keyHeader, projectId, projectHeader, realNow, observer, requestNumber)
  } catch (thrown) {
    const refused = thrown instanceof SandboxError ? thrown : undefined
    const template: ErrorTemplate = refused?.template ?? learned.endpoint?.failure ?? ERRORS.internal
    // variant-sparse: the error without its detail, which the spec says only some errors carry.
    const bare = hasVariant(decided().variants, 'sparse')
    answer =
      refused === undefined
        ? toAnswer(fail(template))
        : toAnswer(bare ? withoutDetail(refused.envelope) : refused.envelope, refused.headers)
    error = template.error ?? null
  }
  const { endpoint, active, warnings } = learned
  const decision = decided()
  const { fault } = decision
  let delayMs = sandbox.latency === undefined ? 0 : pickDelay(sandbox.latency, sandbox.analytics.seed, requestNumber)
  // Latency rules delay every answer, errors included; they add up, but never past the documented
  // most: 16 scenarios of 256 ten-minute rules would overflow a timer.
  if (decision.addedLatencyMs > 0) delayMs = Math.min(Math.max(MAX_LATENCY_MS, delayMs), delayMs + decision.addedLatencyMs)
  // A gateway's time-out comes after its own wait, on top of any latency.
  if (fault?.type === 'gateway-timeout') delayMs = Math.min(Math.max(MAX_LATENCY_MS, delayMs), delayMs + fault.delayMs)
  const faultName = fault === undefined ? null : `${FAULT_PREFIX}${fault.type}`
  const journal = observer ? sandbox.observerJournal : sandbox.journal
  const keys = sandbox.model.index.knownKeys
  const id = journal.record(
    realNow,
    request.method,
    request.path,
    request.query,
    seenStatus(fault?.type, answer.status),
    keyHeader,
    projectHeader,
    active.names,
    error,
    keys,
    warnings,
    faultName,
  )
  if (sandbox.clientReport && !observer && endpoint !== undefined) {
    // A fault is what the client met, not the endpoint's answer; a success under variants is those
    // variants' outcome, not the plain success (so each outcome's example meets it alone).
    const variants = decision.variants === 0 ? 0 : variantsShownBy(endpoint.name, decision.variants)
    if (faultName !== null) sandbox.coverage.meet(faultName)
    else if (variants !== 0 && answer.status === 200) sandbox.coverage.meetVariants(variants, endpoint.name)
    else sandbox.coverage.record(endpoint.name, answer.status, error, learned.level, answer.dates)
    if (warnings.length > 0) sandbox.coverage.warn(warnings, id)
  }
  // A repeat answered as it was, with nothing added, is handed on as the same object.
  const { repeat } = learned
  if (repeat !== undefined && delayMs === 0 && !observer && warnings.length === 0) {
    repeat.timed ??= timedAnswer(answer, { delayMs, error, warnings, observer })
    return repeat.timed
  }
  return timedAnswer(answer, { delayMs, error, warnings, observer, fault: faultDelivery(fault) })
}

/** `envelope` without `errors.detail`. */
function withoutDetail(envelope: ErrorEnvelope): ErrorEnvelope {
  const { detail: _detail, ...errors } = envelope.errors as { detail?: string }
  return { ...envelope, errors } as ErrorEnvelope
}

/** The steps, in the check order; each writes what it learned into `learned` before the next may refuse. */
function runSteps(
  sandbox: SandboxCore,
  request: CoreRequest,
  learned: Learned,
  keyHeader: string | null,
  projectId: ProjectIdHeader,
  projectHeader: string | null,
  realNow: number,
  observer: boolean,
  requestNumber: number,
): Answer & { readonly dates?: number } {
  const keys = sandbox.model.index.knownKeys
  const endpoint = (learned.endpoint = resolveRoute(sandbox.routes, request.method, request.path))
  if (sandbox.clientReport && !observer)
    learned.warnings = findWarnings(ENDPOINT_RULES[endpoint.name], request, projectHeader, keys, sandbox.lastWarnings)
  const active = (learned.active = sandbox.scenarios.forRequest(request.header('x-sandbox-scenario'), keys))
  const { index } = sandbox.model
  // The scenarios decide once, here, where the fault stage is. The network reads no keys: the key as
  // sent, and the project it names if it names one, scope every rule (a key that passes its check is
  // the same key and project then).
  const decision = (learned.decision =
    active.rules.length === 0
      ? NO_DECISION
      : active.decide(scopeAsSent(index, endpoint, keyHeader, projectId), { requestNumber, observe: observer, faults: true }))
  const replaced = decision.fault === undefined ? undefined : faultAnswer(decision.fault)
  if (replaced !== undefined) return replaced
  const now = sandbox.clock.at(realNow)
  const today = dayOfInstant(now)
  // Nothing in force can make a repeat answer otherwise: the last such request's answer holds for its repeat.
  const repeatable = active.rules.length === 0 && learned.warnings.length === 0
  const repeat = repeatable
    ? sandbox.repeats.find(request.path, request.query, keyHeader, projectHeader, index.changes, today, now)
    : undefined
  if (repeat !== undefined) {
    learned.level = repeat.key.apiKey.level
    learned.repeat = repeat
    return repeat.answer
  }
  const key = authenticate(index, keyHeader, now)
  learned.level = key.apiKey.level
  if (decision.refusesKey) throw new SandboxError(ERRORS.unauthorized)
  const warning = learned.warnings[0]
  if (sandbox.strict && warning !== undefined) throw new SandboxError(WARNING_BY_CODE.get(warning.code)!, warning.detail)
  const { hidden, variants } = decision
  const large = hasVariant(variants, 'large')
    ? largeAccount(index, key, sandbox.analytics.seed, today, sandbox.shared.largeProjects)
    : undefined
  const project = endpoint.project({ index, key, projectId, hidden, large })
  const query = endpoint.query(request.query, today)
  const headers = enterData(decision, endpoint.failure, realNow)
  const built = endpoint.answer({
    sandbox,
    key,
    project,
    query,
    today,
    noData: decision.removesData,
    hidden,
    variants,
    large,
  })
  // variant-extra-fields' request_id is the id the journal gives this request: a test finds it there.
  const journal = observer ? sandbox.observerJournal : sandbox.journal
  const stamped = variants === 0 ? built : { ...stampRequestId(built, journal.recorded + 1), dates: built.dates }
  // mutate's change to the contract, made once per answer: a repeat gets the mutated answer as it is.
  const { mutation } = sandbox
  const answer = mutation === undefined || mutation.endpoint !== endpoint.name ? stamped : mutateAnswer(stamped, mutation)
  if (repeatable) {
    const { path, query: search } = request
    learned.repeat = sandbox.repeats.keep({
      method: request.method,
      endpoint: endpoint.name,
      active,
      path,
      query: search,
      keyHeader,
      projectHeader,
      changes: index.changes,
      keysChanges: keys.changes,
      today,
      key,
      answer,
    })
  }
  return withHeaders(answer, headers)
}

/**
 * The scope of a request as it was sent, where the key check has not passed (or not run): the key
 * as sent, and the project concerned, a known key's project looked up for it.
 */
function scopeAsSent(index: ModelIndex, endpoint: Endpoint | undefined, keyHeader: string | null, projectId: ProjectIdHeader): RuleScope {
  const found = keyHeader === null ? undefined : index.findKey(keyHeader)
  const keyProject = found?.apiKey.project_id ?? null
  return {
    endpoint: endpoint?.name,
    key: keyHeader,
    projectId: concernedProject(endpoint, projectId, keyProject),
    keyKnown: keyHeader === null || found !== undefined,
  }
}

/**
 * The project a request concerns, for scoping scenario rules: X-Project-ID where the endpoint reads
 * it (or where no endpoint was found), else the key's.
 */
function concernedProject(endpoint: Endpoint | undefined, read: ProjectIdHeader, keyProject: number | null): number | undefined {
  return (endpoint?.readsProjectId === false ? undefined : projectIdOf(read)) ?? keyProject ?? undefined
}
