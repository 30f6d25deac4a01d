// Counts in words (house rule: "1 license", "3 licenses", never "license(s)"); English plural rules from Intl.
const rules = new Intl.PluralRules('en-US')

/** plural(1, 'license') → "license", plural(2, 'license') → "licenses". */
export function plural(count: number, one: string, other = `${one}s`): string {
  return rules.select(count) === 'one' ? one : other
}

/** countOf(1200, 'license') → "1,200 licenses". */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${plural(count, one, other)}`
}
