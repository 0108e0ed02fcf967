// JSON as a person lays it out: a value that fits on one line of 120 characters stays on one line.
const WIDTH = 120

/** `value` as JSON text ending in a newline, nested values on one line where they fit. */
export function formatJson(value) {
  return `${layout(value, '')}\n`
}

function inline(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map(inline).join(', ')}]`
  const entries = Object.entries(value).filter(([, item]) => item !== undefined)
  return entries.length === 0 ? '{}' : `{ ${entries.map(([key, item]) => `${JSON.stringify(key)}: ${inline(item)}`).join(', ')} }`
}

/** `column` is where the value starts: after its key, on an object's line. */
function layout(value, indent, column = indent.length) {
  const line = inline(value)
  if (value === null || typeof value !== 'object' || column + line.length <= WIDTH) return line
  const inner = `${indent}  `
  const items = Array.isArray(value)
    ? value.map((item) => `${inner}${layout(item, inner)}`)
    : Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .map(([key, item]) => `${inner}${JSON.stringify(key)}: ${layout(item, inner, inner.length + JSON.stringify(key).length + 2)}`)
  return Array.isArray(value) ? `[\n${items.join(',\n')}\n${indent}]` : `{\n${items.join(',\n')}\n${indent}}`
}
