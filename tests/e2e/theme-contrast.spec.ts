import { expect, expectNoAxeViolations, test } from './fixtures'

/** WCAG relative luminance of a computed CSS colour (`rgb(…)` or `color(srgb …)`). */
function luminance(color: string): number {
  const numbers = color.match(/[\d.]+/g)?.map(Number) ?? []
  const channels = color.startsWith('color(') ? numbers.slice(0, 3) : numbers.slice(0, 3).map((n) => n / 255)
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

test(
  'dark theme: a solid accent button keeps 4.5:1 against its label while hovered',
  { tag: '@once' },
  async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveClass(/dark/)
    const button = page.getByRole('button', { name: 'Send Link' })
    const colors = () =>
      button.evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, text: getComputedStyle(el).color }))
    const resting = await colors()
    await button.hover()
    // The hover is visible: the background changes.
    await expect.poll(async () => (await colors()).background).not.toBe(resting.background)
    const hovered = await colors()
    const [light, dark] = [luminance(hovered.text), luminance(hovered.background)].sort((a, b) => b - a)
    expect((light + 0.05) / (dark + 0.05)).toBeGreaterThanOrEqual(4.5)
    await expectNoAxeViolations(page, '/ with Send Link hovered (dark theme)', { keepPointer: true })
  },
)
