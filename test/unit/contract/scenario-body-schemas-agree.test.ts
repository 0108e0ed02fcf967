import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { scenarioBodySchema, scenarioListBodySchema } from '../../../src/contract/scenario-body-schema.js'
import { builtinScenarios } from '../../../src/scenarios/builtin-scenarios.js'

// PUT /__sandbox/scenario's body is written once (scenario-body-schema.ts) and has two views: its
// shape as read first (scenarioListBodySchema, so every mistake of the shape is listed at once, each
// item then checked by the scenario catalogue), and the whole body the admin document shows
// (scenarioBodySchema). These tests hold the two views to one shape.

const DEFINITION = {
  name: 'mine',
  description: 'Every overview fails',
  rules: [{ match: { endpoint: 'overview' }, fail: { status: 500 } }],
}

describe('The scenario body as read and as documented', () => {
  it('have the same fields, both strict, required alike, with the same most items', () => {
    // The body's shape as JSON Schema, its items left out: what the two must say alike.
    type Shape = { properties: { scenarios: { items?: unknown } }; required?: string[]; additionalProperties?: boolean }
    const shapeOf = (schema: z.ZodType) => {
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as unknown as Shape & {
        $ref?: string
        $defs?: Record<string, Shape>
      }
      // The documented body is a component: its shape is where its reference points.
      const body = json.$ref === undefined ? json : json.$defs![json.$ref.slice('#/$defs/'.length)]!
      const { items: _items, ...list } = body.properties.scenarios
      return { ...body, properties: { scenarios: list } }
    }
    const read = shapeOf(scenarioListBodySchema)
    const documented = shapeOf(scenarioBodySchema)
    expect(read.properties).toEqual(documented.properties)
    expect([read.required, read.additionalProperties]).toEqual([documented.required, documented.additionalProperties])
  })

  it('both take every built-in by name, a definition, and an empty list', () => {
    const bodies = [
      { scenarios: builtinScenarios.map((scenario) => scenario.name) },
      { scenarios: [DEFINITION, 'slow'] },
      { scenarios: [...builtinScenarios] },
      { scenarios: [] },
    ]
    for (const body of bodies) {
      expect(scenarioListBodySchema.safeParse(body).success).toBe(true)
      expect(scenarioBodySchema.safeParse(body).success).toBe(true)
    }
  })

  it('both refuse a body of the wrong shape', () => {
    for (const body of [null, [], 'slow', {}, { scenarios: 'slow' }, { scenarios: {} }, { scenarios: Array(257).fill('slow') }]) {
      expect(scenarioListBodySchema.safeParse(body).success).toBe(false)
      expect(scenarioBodySchema.safeParse(body).success).toBe(false)
    }
  })
})
