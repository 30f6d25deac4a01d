/** §2 "Help page": the headings, in the order the page shows them. */
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

/** §2 anchor id, taken literally, so runs of hyphens stay ("assigning--unassigning-company-licenses"). */
export function anchorId(heading: string): string {
  return heading
    .replace(/ /g, '-')
    .replace(/[^A-Za-z0-9-]/g, '')
    .toLowerCase()
}

export function helpHref(heading: string): string {
  return `/help/#${anchorId(heading)}`
}
