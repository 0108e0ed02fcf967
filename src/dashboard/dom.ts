import { SandboxLeftError } from './sandbox-left-error.js'

/** What {@link h} takes as a child: a node, a text, or nothing (skipped). */
export type Child = Node | string | number | null | undefined | false

/** Attributes and listeners of {@link h}: `on…` is a listener, `true`/`false` a boolean attribute. */
export type Props = Record<string, string | number | boolean | ((event: Event) => void) | undefined>

/**
 * An element with its attributes, listeners and children, in one call: the page is built from
 * these and never from HTML text, so no value can become markup.
 *
 * @example
 * h('button', { type: 'button', onclick: () => copy(key) }, 'Copy')
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue
    if (typeof value === 'function') element.addEventListener(name.slice(2), value)
    else element.setAttribute(name, value === true ? '' : String(value))
  }
  element.append(
    ...children.flatMap((child) =>
      child === null || child === undefined || child === false ? [] : [typeof child === 'number' ? String(child) : child],
    ),
  )
  return element
}

/**
 * The page's element with this id, of the expected kind; a page without it is a build mistake.
 */
export function byId<T extends HTMLElement>(id: string, kind: new () => T): T {
  const element = document.getElementById(id)
  if (!(element instanceof kind)) throw new Error(`The dashboard has no #${id}`)
  return element
}

/**
 * Says `text` in the page's status line, which screen readers announce.
 */
export function announce(text: string): void {
  byId('status', HTMLElement).textContent = text
}

/**
 * Runs a form's action on submit (Enter or its button), never letting the browser navigate.
 */
export function onSubmit(form: HTMLFormElement, action: () => Promise<void>): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void action().catch(report)
  })
}

/**
 * Shows why an action failed in the status line: the API's message and error code when it answered.
 * Not the answer of a sandbox the page left ({@link SandboxLeftError}): the line says where it went.
 *
 * @example
 * load().catch(report)
 */
export function report(error: unknown): void {
  if (error instanceof SandboxLeftError) return
  announce(error instanceof Error ? error.message : String(error))
}
