import type { ApiClient } from './api-client.js'
import { cutText } from './cut-text.js'
import { byId, h, report } from './dom.js'
import type { ScenarioInfo } from './records.js'

/**
 * The scenarios panel: every scenario the sandbox knows (built in and from files), a checkbox each;
 * ticking one puts it in force at once (`PUT /__sandbox/scenario`), unticking takes it out. A line
 * under the title says which are in force, as loaded and after each change.
 *
 * @example
 * const scenarios = createScenariosPanel(client, () => projects.draw())
 * await scenarios.load()
 */
export function createScenariosPanel(client: ApiClient, onChange: () => void) {
  const list = byId('scenario-list', HTMLElement)
  const inForce = byId('scenarios-in-force', HTMLElement)
  let active: readonly string[] = []

  /**
   * Says which scenarios are in force, from the moment the page loads: a live region of its own, so
   * a change is announced, and never replaced by another message as the status line is.
   */
  function showInForce(): void {
    if (active.length === 0) {
      inForce.replaceChildren('No scenario in force: the API answers normally')
      return
    }
    // A scenario file names its scenario: each name isolated, so its text cannot reorder the others.
    const names = active.flatMap((name, index) => {
      const shown = h('strong', { dir: 'auto' }, name)
      return index === 0 ? [shown] : [', ', shown]
    })
    inForce.replaceChildren('In force: ', ...names)
  }

  async function put(names: readonly string[]): Promise<void> {
    active = (await client.admin<{ active: string[] }>('PUT', 'scenario', { scenarios: names })).active
    showInForce()
    onChange()
  }

  function item(scenario: ScenarioInfo): HTMLLIElement {
    const id = `scenario-${scenario.name}`
    const box = h('input', {
      type: 'checkbox',
      id,
      checked: active.includes(scenario.name),
      'aria-describedby': `${id}-about`,
      onchange: (event) => {
        const on = (event.target as HTMLInputElement).checked
        const names = on
          ? [...active.filter((name) => name !== scenario.name), scenario.name]
          : active.filter((name) => name !== scenario.name)
        void put(names)
          .catch(async (error: unknown) => {
            report(error)
            await load()
          })
          .catch(report)
      },
    })
    return h(
      'li',
      {},
      box,
      // A scenario file names it: isolated, so its text cannot reorder the tag beside it.
      h('label', { for: id, dir: 'auto' }, scenario.name),
      scenario.source === 'built-in' ? null : cutText('span', scenario.source, 'tag'),
      h('p', { id: `${id}-about`, class: 'about' }, scenario.description),
    )
  }

  async function load(): Promise<void> {
    const { scenarios } = await client.admin<{ scenarios: ScenarioInfo[] }>('GET', 'scenarios')
    active = scenarios.filter((scenario) => scenario.active).map((scenario) => scenario.name)
    list.replaceChildren(...scenarios.map(item))
    showInForce()
  }

  return {
    load,
    /** The names in force as last seen, to tell when something else changed them. */
    get active(): readonly string[] {
      return active
    },
  }
}
