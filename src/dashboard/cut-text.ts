import { h } from './dom.js'

/**
 * Text that came from a caller (a key, a project's name or domain, a journal path, an error code)
 * on one line, cut with an ellipsis where its box ends (`.cut` in dashboard.css), whole in its
 * `title` for hover. `dir="auto"` isolates it: a right-to-left override (U+202E) inside it cannot
 * flip the text and buttons around it, and a name in Arabic or Hebrew still reads right to left.
 *
 * @example
 * h('td', {}, cutText('code', record.key))
 */
export function cutText(tag: 'span' | 'code', text: string, className?: string): HTMLElement {
  return h(tag, { class: className === undefined ? 'cut' : `cut ${className}`, title: text, dir: 'auto' }, text)
}

/**
 * `text` between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE, the `<bdi>` of plain text: for
 * labels that can hold no element (a `<select>`'s options), so a name with a right-to-left override
 * does not carry the rest of the label along.
 *
 * @example
 * `${project.id} ${isolate(project.display_name)}`
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`
}

/**
 * An option whose label may be long: whole in its `title`, as the list of a narrow `<select>` cuts it.
 *
 * @example
 * select.replaceChildren(...projects.map((item) => cutOption(item.id, isolate(item.display_name))))
 */
export function cutOption(value: string | number, label: string): HTMLOptionElement {
  return h('option', { value, title: label }, label)
}

/**
 * Puts the chosen option's label in the `<select>`'s `title`, since the closed box cuts it: after
 * the options or the choice changed (a `change` event, or the page setting `value`).
 *
 * @example
 * select.addEventListener('change', () => showChoice(select))
 */
export function showChoice(select: HTMLSelectElement): void {
  select.title = select.selectedOptions[0]?.label ?? ''
}
