/**
 * The help page's sections (spec §2 "Help page"): the nine headings in order and the anchor id each one gets.
 */

/** §2: the help headings, in the order the page shows them. */
export const helpSections = [
  'Logging In',
  'Logging Out',
  'Activating Licenses',
  'Offline Activation',
  'Renewing Licenses',
  'Buying New Licenses',
  'Assigning / Unassigning Company Licenses',
  'Company License - Permissions',
  'Personal License - Change of Email Address',
] as const

export type HelpHeading = (typeof helpSections)[number]

/** §9: the fixed header's height that a scroll to a section leaves free. */
export const HELP_SCROLL_OFFSET_PX = 80

/**
 * §2 anchor id: spaces to hyphens, every other character that is not a letter, digit or hyphen removed, lower-cased.
 * Taken literally, so runs of hyphens stay: "Assigning / Unassigning Company Licenses" →
 * "assigning--unassigning-company-licenses".
 */
export function anchorId(heading: string): string {
  return heading
    .replace(/ /g, '-')
    .replace(/[^A-Za-z0-9-]/g, '')
    .toLowerCase()
}

/** The address a heading links to: `/help/#anchor`. */
export function helpHref(heading: string): string {
  return `/help/#${anchorId(heading)}`
}
