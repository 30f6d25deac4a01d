import { Link as RemixLink } from '@remix-run/react'
import { LogoIcon } from '#app/components/icons'
import { Flex, Link, Text } from '#app/components/themes'
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
      <Flex align="center" justify="between" gap="4" px="4" className="site-header__bar">
        <Link asChild highContrast underline="none" weight="bold" size="4" className="site-header__logo">
          <RemixLink to="/">
            <LogoIcon size={24} />
            <Text>License Portal</Text>
            <span className="visually-hidden"> home</span>
          </RemixLink>
        </Link>
        <Flex align="center" gap="4">
          <ThemeToggle theme={theme} currentPath={currentPath} />
          {user ? (
            <UserMenu email={user.email} avatarUrl={user.avatarUrl} isPersonalHolder={user.isPersonalHolder} />
          ) : null}
        </Flex>
      </Flex>
    </header>
  )
}
