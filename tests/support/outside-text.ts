/**
 * Text from outside as an attacker writes it, and what a mail that carries it must look like: the attacker's words
 * inside one pair of quotes on one line, their link defused, no line of the mail their own.
 */
import { expect } from 'vitest'

export const INJECTED = 'Security notice: your license was suspended. Re-confirm at https://evil.example/login'
/** A company name with line breaks, a paragraph of its own, a link, and lines of the offline-keys file. */
export const HOSTILE_COMPANY = `Acme\r\n\r\n${INJECTED}\r\n\r\nOrder 1\n1: KEY-OF-ANOTHER-COMPANY`

/**
 * The injected words appear only inside one pair of quotes on one line, with the link defused; no line of the mail is
 * the attacker's (a paragraph, an "Order" heading, a key); the subject is one line.
 */
export function expectContained(mail: { subject: string; text: string }) {
  expect(mail.subject).not.toMatch(/[\r\n]/)
  for (const part of [mail.subject, ...mail.text.split('\n')]) {
    expect(part).not.toMatch(/^\s*(Security notice|Order 1$|1: KEY)/)
    expect(part).not.toMatch(/https?:\/\/evil/)
    // Inside its quotes, whole or cut short at its length (a subject's); its link, when there, defused.
    if (part.includes('Security notice')) expect(part).toMatch(/"[^"\n]*Security notice[^"\n]*"/)
    if (part.includes('evil')) expect(part).toMatch(/"[^"\n]*https\[:\]\/\/evil[^"\n]*"/)
  }
  expect(mail.text).not.toContain('\r')
}
