import { Link as RemixLink } from '@remix-run/react'
import { LogoIcon } from '#app/components/icons'
import { ThemeToggle, type ThemeName } from './theme-toggle'
import { UserMenu } from './user-menu'

export type HeaderUser = {
  email: string
  avatarUrl: string | null
  isPersonalHolder: boolean
}

type SiteHeaderProps = {
  user: HeaderUser | null
  theme: ThemeName
  /** Path and search of the current page, for the theme toggle's return address. */
  currentPath: string
}

export function SiteHeader({ user, theme, currentPath }: SiteHeaderProps) {
  return (
    <header className="site-header">
      {/* Plain elements with the class names of `<Flex align="center" justify="between" gap="4" px="4">`,
          `<Link highContrast underline="none" weight="bold" size="4">`, `<Text>` and `<Flex align="center" gap="4">`:
          the header is on every page, and the same markup costs less to render than the components. */}
      <div className="rt-Flex rt-r-ai-center rt-r-jc-space-between rt-r-gap-4 rt-r-px-4 site-header__bar">
        <RemixLink
          data-accent-color=""
          className="rt-Text rt-reset rt-Link rt-r-size-4 rt-r-weight-bold rt-underline-none rt-high-contrast site-header__logo"
          to="/"
        >
          <LogoIcon size={24} />
          <span className="rt-Text">License Portal</span>
          <span className="visually-hidden"> home</span>
        </RemixLink>
        <div className="rt-Flex rt-r-ai-center rt-r-gap-4">
          <ThemeToggle theme={theme} currentPath={currentPath} />
          {user ? (
            <UserMenu email={user.email} avatarUrl={user.avatarUrl} isPersonalHolder={user.isPersonalHolder} />
          ) : null}
        </div>
      </div>
    </header>
  )
}
