/** The median of `values` (the upper one of the middle two for an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
