import type { Scenario } from '../contract/scenario-schema.js'
import { FAULT_PREFIX, FAULT_TYPES, FAULTS } from '../vocabulary/faults.js'
import { VARIANT_NAMES, VARIANT_PREFIX, VARIANTS } from '../vocabulary/variants.js'

/** Production's surprises: a scenario per fault and per variant, made from their tables. */
const surprises: readonly Scenario[] = [
  ...FAULT_TYPES.map((type) => ({ name: `${FAULT_PREFIX}${type}`, description: FAULTS[type].description, rules: [{ fault: { type } }] })),
  ...VARIANT_NAMES.map((variant) => ({
    name: `${VARIANT_PREFIX}${variant}`,
    description: VARIANTS[variant].description,
    rules: [{ variant }],
  })),
]

/**
 * The built-in scenarios, written to `scenarios/<name>.json` by the build (in name order).
 *
 * @example
 * builtinScenarios.map((scenario) => scenario.name) // ['bad-request', 'empty-account', …]
 */
export const builtinScenarios: readonly Scenario[] = (
  [
    ...surprises,
    {
      name: 'bad-request',
      description:
        'The spec\'s generic 400 ("other bad request"): every request that passes the key, project and query checks is refused with 400 bad_request.',
      rules: [
        {
          fail: {
            status: 400,
          },
        },
      ],
    },
    {
      name: 'empty-account',
      description: 'Every account has no projects: /projects lists none and every project is answered with 403 forbidden.',
      rules: [
        {
          projects: 'hidden',
        },
      ],
    },
    {
      name: 'expired-keys',
      description: 'Every key is treated as expired: every request is refused with 401 unauthorized.',
      rules: [
        {
          keys: 'expired',
        },
      ],
    },
    {
      name: 'fail-once',
      description: "The first request that reaches the data fails with the endpoint's 500, later ones succeed: for testing a retry.",
      rules: [
        {
          fail: {
            status: 500,
            nth: 1,
          },
        },
      ],
    },
    {
      name: 'flaky',
      description:
        "A seeded 30 % of requests fail with the endpoint's 500; the same seed fails the same requests in the same order in every run.",
      rules: [
        {
          fail: {
            status: 500,
            rate: 0.3,
          },
        },
      ],
    },
    {
      name: 'no-data',
      description: 'No analytics anywhere: /monitoring and /overview answer 200 with 0 dates.',
      rules: [
        {
          data: 'none',
        },
      ],
    },
    {
      name: 'rate-limited',
      description:
        'Extension beyond the spec (which shows no rate limits): every request is refused with 429 rate_limited, Retry-After and X-RateLimit-* headers, in 60-second windows per key.',
      rules: [
        {
          // A quota of 60 a minute, spent: a client sees a real limit in X-RateLimit-Limit, not 0.
          rateLimit: {
            limit: 60,
            windowSeconds: 60,
            spent: true,
          },
        },
      ],
    },
    {
      name: 'revoked-keys',
      description: 'Every key is treated as revoked in the portal: every request is refused with 401 unauthorized.',
      rules: [
        {
          keys: 'revoked',
        },
      ],
    },
    {
      name: 'server-error',
      description:
        'Every endpoint answers its own 500 (e.g. "Failed to retrieve projects", errors {}) once the key, project and query checks pass.',
      rules: [
        {
          fail: {
            status: 500,
          },
        },
      ],
    },
    {
      name: 'service-unavailable',
      description:
        'Extension beyond the spec: every request is refused with 503 service_unavailable and Retry-After: 30, as from a gateway during maintenance.',
      rules: [
        {
          fail: {
            status: 503,
            retryAfter: 30,
          },
        },
      ],
    },
    {
      name: 'slow',
      description: 'Every answer is delayed by 500 to 1500 ms, drawn with the seed (the same delays in every run).',
      rules: [
        {
          latency: {
            min: 500,
            max: 1500,
          },
        },
      ],
    },
    {
      name: 'timeout',
      description: 'Every answer is delayed by 30 seconds, to exercise client time-outs.',
      rules: [
        {
          latency: 30000,
        },
      ],
    },
  ] satisfies Scenario[]
).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
