import { dayOfInstant } from '../vocabulary/calendar-date.js'
import { ENDPOINT_RULES } from '../vocabulary/endpoint-rules.js'
import { ERRORS } from '../vocabulary/errors.js'
import { SandboxError } from '../vocabulary/sandbox-error.js'
import { hasVariant } from '../vocabulary/variants.js'
import { WARNING_BY_CODE } from '../vocabulary/warnings.js'
import { enterData, type RuleScope } from '../scenarios/active-scenarios.js'
import { NO_DECISION, type ScenarioDecision } from '../scenarios/scenario-decision.js'
import type { ModelIndex } from '../model/model-index.js'
import { withHeaders, type Answer } from './answer.js'
import type { Endpoint } from './endpoints/endpoint.js'
import { faultAnswer } from './fault-answer.js'
import { authenticate } from './guards/authenticate.js'
import { projectIdOf, type ProjectIdHeader } from './guards/authorize-project.js'
import { resolveRoute } from './guards/resolve-route.js'
import { largeAccount } from './large-account.js'
import { mutateAnswer } from './mutate-answer.js'
import { findWarnings } from './report/find-warnings.js'
import type { RequestContext } from './request-context.js'
import { stampRequestId } from './variant-answer.js'

/** An answer as an endpoint gives it: with the count of dates, for the client report. */
export type EndpointAnswer = Answer & { readonly dates?: number }

/**
 * One stage of the pipeline: it reads what the stages before it wrote into the request's context
 * and writes what it learned; it answers (which ends the pipeline), passes (`undefined`), or throws
 * the finished {@link SandboxError}.
 */
export type Stage = (context: RequestContext) => EndpointAnswer | undefined

/**
 * The scope of a request as it was sent: the key as sent, and the project concerned, a known
 * key's project looked up for it. The scenarios are asked with it before the key check (the
 * network reads no keys); for a key that passes its check it is the same key and project.
 */
function scopeAsSent(index: ModelIndex, endpoint: Endpoint | undefined, keyHeader: string | null, projectId: ProjectIdHeader): RuleScope {
  const found = keyHeader === null ? undefined : index.findKey(keyHeader)
  const keyProject = found?.apiKey.project_id ?? null
  return {
    endpoint: endpoint?.name,
    key: keyHeader,
    // X-Project-ID where the endpoint reads it (or where no endpoint was found), else the key's.
    projectId: (endpoint?.readsProjectId === false ? undefined : projectIdOf(projectId)) ?? keyProject ?? undefined,
    keyKnown: keyHeader === null || found !== undefined,
  }
}

/** The route (404/405): the endpoint of the method and path. */
const route: Stage = (context) => {
  context.endpoint = resolveRoute(context.sandbox.routes, context.request.method, context.request.path)
  return undefined
}

/** The client report's warnings of the request, found once the route is known (the dashboard's are not). */
const warn: Stage = (context) => {
  const { sandbox, observer, endpoint, request, projectHeader } = context
  if (sandbox.clientReport && !observer)
    context.warnings = findWarnings(
      ENDPOINT_RULES[endpoint!.name],
      request,
      projectHeader,
      sandbox.model.index.knownKeys,
      sandbox.lastWarnings,
    )
  return undefined
}

/** The scenarios in force: the sandbox's, and `X-Sandbox-Scenario`'s (400 for one it does not know). */
const scenarios: Stage = (context) => {
  const { sandbox } = context
  context.active = sandbox.scenarios.forRequest(context.request.header('x-sandbox-scenario'), sandbox.model.index.knownKeys)
  return undefined
}

/**
 * The scenarios' decision for the request, made once and kept in its context: none where no rule is
 * in force (no key looked up). `faults`: whether the request met the fault stage (it was routed), so
 * that a fault may be drawn.
 *
 * @example
 * const decision = context.decision ?? decideFor(context, false) // a request refused before the stage
 */
export function decideFor(context: RequestContext, faults: boolean): ScenarioDecision {
  const { active, sandbox, endpoint, keyHeader, projectId, requestNumber, observer } = context
  return (context.decision =
    active.rules.length === 0
      ? NO_DECISION
      : active.decide(scopeAsSent(sandbox.model.index, endpoint, keyHeader, projectId), { requestNumber, observe: observer, faults }))
}

/**
 * The scenarios decide, once, as plain data; the fault stage is here, after routing and before the
 * key check: a fault replaces the answer.
 */
const decide: Stage = (context) => {
  const { fault } = decideFor(context, true)
  return fault === undefined ? undefined : faultAnswer(fault)
}

/** The repeat memo: with nothing in force that could answer it otherwise, a repeat of the last request gets its answer. */
const repeat: Stage = (context) => {
  const { sandbox, request, realNow } = context
  const now = (context.now = sandbox.clock.at(realNow))
  const today = (context.today = dayOfInstant(now))
  const repeatable = (context.repeatable = context.active.rules.length === 0 && context.warnings.length === 0)
  if (!repeatable) return undefined
  const { index } = sandbox.model
  const found = sandbox.repeats.find(request.path, request.query, context.keyHeader, context.projectHeader, index.changes, today, now)
  if (found === undefined) return undefined
  context.level = found.key.apiKey.level
  context.repeat = found
  return found.answer
}

/** The key (401), and a scenario's refused key (401). */
const key: Stage = (context) => {
  const key = (context.key = authenticate(context.sandbox.model.index, context.keyHeader, context.now))
  context.level = key.apiKey.level
  if (context.decision!.refusesKey) throw new SandboxError(ERRORS.unauthorized)
  return undefined
}

/** Strict mode: the first warning refuses the request (400). */
const strict: Stage = (context) => {
  const warning = context.warnings[0]
  if (context.sandbox.strict && warning !== undefined) throw new SandboxError(WARNING_BY_CODE.get(warning.code)!, warning.detail)
  return undefined
}

/** The project (400/403, the decision's hidden projects) and the query (400), where the endpoint reads them. */
const projectAndQuery: Stage = (context) => {
  const { sandbox, key, projectId, request } = context
  const endpoint = context.endpoint!
  const { hidden, variants } = context.decision!
  const { index } = sandbox.model
  // variant-large's projects are the account's own from here on.
  const large = (context.large = hasVariant(variants, 'large')
    ? largeAccount(index, key!, sandbox.analytics.seed, context.today, sandbox.shared.largeProjects)
    : undefined)
  context.project = endpoint.project({ index, key: key!, projectId, hidden, large })
  context.query = endpoint.query(request.query, context.today)
  return undefined
}

/** The data stage: the decision's rate limits (429), then its forced failures, counted here only. */
const data: Stage = (context) => {
  context.dataHeaders = enterData(context.decision!, context.endpoint!.failure, context.realNow)
  return undefined
}

/** The answer: the endpoint's success (0 dates under no-data, the decision's variants, mutate's change), kept in the repeat memo where it may be. */
const answer: Stage = (context) => {
  const { sandbox, key, request, observer } = context
  const endpoint = context.endpoint!
  const { variants, hidden, removesData } = context.decision!
  const built = endpoint.answer({
    sandbox,
    key: key!,
    project: context.project,
    query: context.query,
    today: context.today,
    noData: removesData,
    hidden,
    variants,
    large: context.large,
  })
  // variant-extra-fields' request_id is the id the journal gives this request: a test finds it there.
  const journal = observer ? sandbox.observerJournal : sandbox.journal
  const stamped = variants === 0 ? built : { ...stampRequestId(built, journal.recorded + 1), dates: built.dates }
  // mutate's change to the contract, made once per answer: a repeat gets the mutated answer as it is.
  const { mutation } = sandbox
  const made = mutation === undefined || mutation.endpoint !== endpoint.name ? stamped : mutateAnswer(stamped, mutation)
  if (context.repeatable) {
    const { index } = sandbox.model
    context.repeat = sandbox.repeats.keep({
      method: request.method,
      endpoint: endpoint.name,
      active: context.active,
      path: request.path,
      query: request.query,
      keyHeader: context.keyHeader,
      projectHeader: context.projectHeader,
      changes: index.changes,
      keysChanges: index.knownKeys.changes,
      today: context.today,
      key: key!,
      answer: made,
    })
  }
  return withHeaders(made, context.dataHeaders)
}

/**
 * The pipeline's stages, in the spec's check order: route (404/405) → warnings → X-Sandbox-Scenario
 * (400) → the scenarios decide, once (the fault stage) → the repeat memo → key (401) → strict mode
 * (400) → project (400/403) and query (400) → data stage (429, a forced failure) → the answer.
 *
 * @example
 * for (const stage of PIPELINE_STAGES) { const answered = stage(context); if (answered !== undefined) return answered }
 */
export const PIPELINE_STAGES: readonly Stage[] = [route, warn, scenarios, decide, repeat, key, strict, projectAndQuery, data, answer]
