// The sign-in page's texts and a sign-in's refusals (§2, §4).
import { unexpectedError } from '#protocol/shared/errors'
import { ownValue } from '#protocol/shared/own'
import { contactSupportLine } from './session'

export const signInNoLogonLink =
  'The email address is not allowed to authenticate using an email link; please use another method below.'
export const signInNoUser = 'The email address provided is not the owner of any licenses.'
export const signInSuccess = "Please log in using the link we've sent to your email (check junk/spam)."
/** The sign-in link's request whose answer was lost on its way back, after every repeat: the mail may have gone. */
export const signInLinkUnknown =
  'The answer to your request was lost on its way back, so a sign-in link may have been sent. Check your email (and junk/spam) for it; if none has arrived after a few minutes, ask for a link again.'

/** NO_LOGON_LINK and NO_USER also lock the Send button (§4). */
export function signInMessage(code: string): { message: string; locksSend: boolean } {
  if (code === 'NO_LOGON_LINK') return { message: signInNoLogonLink, locksSend: true }
  if (code === 'NO_USER') return { message: signInNoUser, locksSend: true }
  return { message: unexpectedError, locksSend: false }
}

/** An emailed sign-in link that did not sign in (used twice, expired, cut short): what happened and what to do. */
export const signInLinkRefused = {
  used: {
    title: 'This sign-in link has already been used',
    text: 'Each sign-in link works once. Send yourself a new link below.',
  },
  replaced: {
    title: 'This sign-in link was replaced by a newer one',
    text: 'A newer sign-in link was sent to this address, and only the newest works. Open the most recent email, or send yourself a new link below.',
  },
  retired: {
    title: 'This sign-in link stopped working when the email address changed',
    text: 'The email address of the account was changed after this link was sent, which retires the links sent before. Send yourself a new link below, or sign in with the new address.',
  },
  expired: {
    title: 'This sign-in link has expired',
    text: 'Sign-in links work for 24 hours. Send yourself a new link below.',
  },
  invalid: {
    title: 'This sign-in link is not valid',
    text: 'It may have been cut short when it was copied. Send yourself a new link below.',
  },
} as const

export const authenticationFailedTitle = 'Authentication Failed'
export const authenticationMessages = {
  INVALID_REQUEST: 'request seems to have already been processed, try again',
  NO_USER: 'no licenses associated with your email address, try a different email',
} as const
export const authenticationUnexpected = 'An unexpected error occurred during authentication.'

export function authenticationError(code: string, supportEmail: string): { message: string; support?: string } {
  const message = ownValue(authenticationMessages, code)
  return message ? { message } : { message: authenticationUnexpected, support: contactSupportLine(supportEmail) }
}
