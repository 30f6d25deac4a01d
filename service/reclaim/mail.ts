// The reclaim policy's mails; company names are text from outside (one line, quoted and labelled).
import { formatDate } from '../../protocol/shared/dates.js'
import { RECLAIM_UNDO_DAYS } from '../../protocol/reclaim/reclaim.js'
import { displayName } from '../../protocol/catalog/products.js'
import { labelled, oneLine } from '../../protocol/shared/text.js'
import type { Mail } from '../mail/mailer.js'

export type SeatWords = {
  product_name: string
  trial: number
  order_id: string
  key_number: number
  holder: string
  /** When it is (or was) reclaimed. */
  at: number
}

const day = (ms: number) => formatDate(ms, { utc: true })
const seatLine = (s: SeatWords) =>
  `${displayName({ productName: s.product_name, trial: s.trial === 1 })} (order ${oneLine(s.order_id, 60)}, key ${s.key_number})`

export function company(name: string): string {
  return labelled('the company', name, 80)
}

export function holderWarning(seat: SeatWords, companyName: string, idleDays: number): Mail {
  return {
    to: seat.holder,
    subject: `Your license of ${company(companyName)} will be unassigned on ${day(seat.at)} unless you use it`,
    text: [
      'Hello,',
      '',
      `No editor has checked your license ${seatLine(seat)} of ${company(companyName)} for a while.`,
      `Your company unassigns seats that are idle for ${idleDays} days, so this one will be unassigned from you on ${day(seat.at)}.`,
      '',
      'If you still use it, open your editor with the license activated before then: its next check keeps the seat.',
      'If you no longer need it, there is nothing to do; your administrators can hand it to someone else.',
    ].join('\n'),
  }
}

export function administratorWarning(
  to: string,
  seats: readonly SeatWords[],
  companyName: string,
  idleDays: number,
  manageUrl: string,
): Mail {
  return {
    to,
    subject: `${seats.length === 1 ? 'A seat' : `${seats.length} seats`} of ${company(companyName)} will be reclaimed unless used`,
    text: [
      'Hello,',
      '',
      `These seats of ${company(companyName)} were not checked by an editor for a while; the reclaim policy (seats idle for ${idleDays} days) unassigns them on the date given unless their holder uses them before. Their holders were told.`,
      '',
      ...seats.map((s) => `- ${seatLine(s)}, held by ${oneLine(s.holder, 320)}: ${day(s.at)}`),
      '',
      `The policy and the seats it reclaimed are under "Reclaim idle seats" at ${manageUrl}`,
    ].join('\n'),
  }
}

export function administratorReclaimed(
  to: string,
  seats: readonly SeatWords[],
  companyName: string,
  manageUrl: string,
): Mail {
  return {
    to,
    subject: `${seats.length === 1 ? 'An idle seat' : `${seats.length} idle seats`} of ${company(companyName)} reclaimed`,
    text: [
      'Hello,',
      '',
      `The reclaim policy of ${company(companyName)} unassigned these idle seats; their former holders were told:`,
      '',
      ...seats.map((s) => `- ${seatLine(s)}, from ${oneLine(s.holder, 320)}`),
      '',
      `An administrator can undo each reclaim for ${RECLAIM_UNDO_DAYS} days under "Reclaim idle seats" at ${manageUrl}`,
    ].join('\n'),
  }
}
