import { byId } from './dom.js'

/**
 * Asks for the admin token in the page's dialog, once: the sandbox was started with one
 * (`--admin-token`), and the page sends it with every admin request from then on. `refused` says
 * the last one given was wrong.
 */
export function askToken(refused: boolean): Promise<string> {
  const dialog = byId('token-dialog', HTMLDialogElement)
  const form = byId('token-form', HTMLFormElement)
  const input = byId('token-input', HTMLInputElement)
  byId('token-refused', HTMLElement).hidden = !refused
  input.value = ''
  return new Promise((resolve) => {
    const submit = (event: Event) => {
      event.preventDefault()
      if (input.value === '') return
      form.removeEventListener('submit', submit)
      dialog.close()
      resolve(input.value)
    }
    form.addEventListener('submit', submit)
    // Escape would close the dialog with nothing given: the page cannot work without the token.
    dialog.addEventListener('cancel', (event) => event.preventDefault(), { once: true })
    dialog.showModal()
    input.focus()
  })
}
