import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../src/vocabulary/endpoint-rules.js'
import { DOCUMENTED_KEYS } from '../../../src/vocabulary/documented-keys.js'
import type { Transport } from '../../support/transport.js'
import { expectSuccess } from './expect-envelope.js'
import { PROJECT_KEY, USER, withKey } from './fixtures.js'

const PROJECT_FIELDS = ['id', 'name', 'display_name', 'domain', 'region', 'language', 'status', 'created_at']

export function describeProjects(transport: Transport): void {
  describe('GET /projects', () => {
    it('lists all projects of a USER key, sorted by id, with total', async () => {
      const answer = await transport.request('projects', { headers: USER })
      expectSuccess(answer, MESSAGES.projects)
      expect(Object.keys(answer.body.data)).toEqual(['projects', 'total'])
      expect(answer.body.data.projects.map((project: { id: number }) => project.id)).toEqual([101, 102, 103])
      expect(answer.body.data.total).toBe(3)
    })

    it('shows exactly the Project fields, with reserved example domains, ISO codes and UTC creation times', async () => {
      const { body } = await transport.request('projects', { headers: USER })
      for (const project of body.data.projects) {
        expect(Object.keys(project)).toEqual(PROJECT_FIELDS)
        expect(project.domain).toMatch(/\.example$/)
        expect(project.region).toMatch(/^[A-Z]{2}$/)
        expect(project.language).toMatch(/^[a-z]{2}$/)
        expect(project.status).toBe('active')
        expect(project.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
      }
    })

    it('lists only its own project for a PROJECT key', async () => {
      const answer = await transport.request('projects', { headers: PROJECT_KEY })
      expectSuccess(answer, MESSAGES.projects)
      expect(answer.body.data.projects.map((project: { id: number }) => project.id)).toEqual([101])
      expect(answer.body.data.total).toBe(1)
    })

    it("lists the other account's project for its key and nothing of user 1", async () => {
      const { body } = await transport.request('projects', { headers: withKey(DOCUMENTED_KEYS.otherUser) })
      expect(body.data.projects.map((project: { id: number }) => project.id)).toEqual([201])
    })

    it('lists no projects, total 0, for the empty account', async () => {
      const answer = await transport.request('projects', { headers: withKey(DOCUMENTED_KEYS.emptyUser) })
      expectSuccess(answer, MESSAGES.projects)
      expect(answer.body.data).toEqual({ projects: [], total: 0 })
    })

    it('ignores X-Project-ID, even an invalid or foreign one', async () => {
      const plain = await transport.request('projects', { headers: USER })
      for (const projectId of ['abc', '201', '999', '101']) {
        expect((await transport.request('projects', { headers: withKey(DOCUMENTED_KEYS.user, projectId) })).text).toBe(plain.text)
      }
    })
  })
}
