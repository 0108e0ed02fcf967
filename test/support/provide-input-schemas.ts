// Tests run the TypeScript sources, where Node cannot `require` the input schemas as the built
// library does (there is no input-schemas.js beside load-input-schemas.ts): hand them over, as the
// browser entry and the bin do. test/package/ checks the on-demand loading in the built package.
import * as inputSchemas from '../../src/contract/input-schemas.js'
import { provideInputSchemas } from '../../src/contract/load-input-schemas.js'

provideInputSchemas(inputSchemas)
