/**
 * The LLM providers the sandbox knows, in the order the API lists them.
 * `provider` query values are matched case-insensitively against these ids.
 *
 * @example
 * PROVIDERS.includes('chatgpt') // true
 */
export const PROVIDERS = [
  'chatgpt',
  'perplexity',
  'gemini',
  'claude',
  'copilot',
  'grok',
  'deepseek',
  'google_ai_overview',
  'google_ai_mode',
] as const

/**
 * One of {@link PROVIDERS}.
 *
 * @example
 * const provider: Provider = 'perplexity'
 */
export type Provider = (typeof PROVIDERS)[number]

const providerSet: ReadonlySet<string> = new Set(PROVIDERS)

/**
 * Narrows a string to a {@link Provider}.
 *
 * @example
 * isProvider('gemini') // true
 * isProvider('GEMINI') // false: lower-case first
 */
export function isProvider(value: string): value is Provider {
  return providerSet.has(value)
}
