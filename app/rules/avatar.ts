// The avatar drawn in the page (spec §2): the account's initials on a colour of its own, when there is no picture.

/** Radix colours whose steps 3 (background) and 12 (text) read well together, light and dark. */
const AVATAR_COLORS = ['blue', 'green', 'orange', 'purple', 'crimson', 'teal', 'amber', 'indigo'] as const
export type AvatarColor = (typeof AVATAR_COLORS)[number]

/** "olivia@acme.test" → "O", "john.smith@x.test" → "JS", "max-o'neil_2@x" → "MO": one or two letters of the name. */
export function avatarInitials(email: string): string {
  const local = email.trim().split('@')[0] ?? ''
  const letters = local
    .split(/[._+\-\s]+/)
    .map((part) => part.match(/\p{L}|\p{N}/u)?.[0] ?? '')
    .filter(Boolean)
  const initials = letters.length > 1 ? letters[0]! + letters[1]! : (letters[0] ?? local[0] ?? '?')
  return initials.toLocaleUpperCase('en')
}

/** The avatar's colour, the same for an address every time. */
export function avatarColor(email: string): AvatarColor {
  let hash = 0
  for (const char of email.trim().toLowerCase()) hash = (hash * 31 + char.codePointAt(0)!) >>> 0
  return AVATAR_COLORS[hash % AVATAR_COLORS.length]!
}
