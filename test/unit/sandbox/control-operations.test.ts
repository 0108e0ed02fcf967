import { describe, expect, expectTypeOf, it } from 'vitest'
import { ADMIN_OPERATIONS, type AdminOperationId } from '../../../src/contract/admin-operations.js'
import { CONTROL_OPERATIONS, SERVER_ONLY_OPERATIONS, type MethodsOf } from '../../../src/sandbox/control-operations.js'
import type {
  AccountControls,
  ClockControls,
  KeyControls,
  ProjectControls,
  SandboxControls,
} from '../../../src/sandbox/sandbox-controls.js'

/** Every operation id a control names. */
const named = Object.values(CONTROL_OPERATIONS).flatMap((entry) => (typeof entry === 'string' ? [entry] : Object.values(entry)))

describe('the library’s controls and the admin operations (#53)', () => {
  it('name every control, and every method of each group, once: the types are equal', () => {
    expectTypeOf<keyof typeof CONTROL_OPERATIONS>().toEqualTypeOf<keyof SandboxControls>()
    expectTypeOf<keyof typeof CONTROL_OPERATIONS.accounts>().toEqualTypeOf<MethodsOf<AccountControls>>()
    expectTypeOf<keyof typeof CONTROL_OPERATIONS.projects>().toEqualTypeOf<MethodsOf<ProjectControls>>()
    expectTypeOf<keyof typeof CONTROL_OPERATIONS.keys>().toEqualTypeOf<MethodsOf<KeyControls>>()
    expectTypeOf<keyof typeof CONTROL_OPERATIONS.clock>().toEqualTypeOf<MethodsOf<ClockControls>>()
    expectTypeOf<(typeof named)[number]>().toExtend<AdminOperationId>()
  })

  it('leave no operation of the table without a control or a reason', () => {
    const covered = new Set<string>([...named, ...SERVER_ONLY_OPERATIONS])
    expect(Object.keys(ADMIN_OPERATIONS).filter((id) => !covered.has(id))).toEqual([])
    expect(named.filter((id) => (SERVER_ONLY_OPERATIONS as readonly string[]).includes(id))).toEqual([])
  })
})
