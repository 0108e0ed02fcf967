// Copies the Stryker report viewer (mutation-testing-elements, Apache-2.0; a dev dependency) beside
// the module that inlines it in `mutate --format html` (dist/cli/mutate/), with its licence, so the
// HTML report opens offline and the package needs no such dependency at run time.
import { copyFileSync } from 'node:fs'

const from = new URL('../node_modules/mutation-testing-elements/', import.meta.url)
const to = new URL('../dist/cli/mutate/', import.meta.url)
copyFileSync(new URL('dist/mutation-test-elements.js', from), new URL('mutation-test-elements.js', to))
copyFileSync(new URL('LICENSE', from), new URL('mutation-test-elements.LICENSE', to))
