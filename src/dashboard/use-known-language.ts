/**
 * A Chromium started under a POSIX locale (`LANG=C`, as on CI machines) reports `en-US@posix` as
 * its language, which `Intl` refuses with a RangeError; uPlot formats numbers with that language as
 * soon as it loads. Imported first, this puts a tag `Intl` takes in its place, so the page works in
 * such a browser too. A language `Intl` takes is left alone.
 *
 * @example
 * import './use-known-language.js' // before uPlot
 */
export function useKnownLanguage(): void {
  try {
    new Intl.NumberFormat(navigator.language)
  } catch {
    Object.defineProperty(navigator, 'language', { value: 'en-US', configurable: true })
  }
}

useKnownLanguage()
