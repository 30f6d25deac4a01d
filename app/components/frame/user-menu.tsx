import { useEffect, useRef } from 'react'
import { Form, Link as RemixLink, useLocation } from '@remix-run/react'
import { Button, Link, Separator, Text } from '#app/components/themes'
import { avatarColor, avatarInitials } from '#app/rules/avatar'

type UserMenuProps = {
  email: string
  /** Address of the avatar service's picture (derived by the server from the email); null when the service is off. */
  avatarUrl: string | null
  /** Only personal license holders may change their email address. */
  isPersonalHolder: boolean
}

// A <details> disclosure works without script; script adds closing on an outside click, Escape, and choosing an item.
export function UserMenu({ email, avatarUrl, isPersonalHolder }: UserMenuProps) {
  const detailsRef = useRef<HTMLDetailsElement>(null)
  const summaryRef = useRef<HTMLElement>(null)
  const location = useLocation()

  useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      const details = detailsRef.current
      if (details?.open && event.target instanceof Node && !details.contains(event.target)) details.open = false
    }
    function onKeyDown(event: KeyboardEvent) {
      const details = detailsRef.current
      if (event.key === 'Escape' && details?.open) {
        details.open = false
        summaryRef.current?.focus()
      }
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [])

  // The header outlives client-side navigations, so an item that navigates would otherwise leave the menu open. Not on
  // the first run: a menu opened before the script arrived stays open.
  const shownKey = useRef(location.key)
  useEffect(() => {
    if (shownKey.current === location.key) return
    shownKey.current = location.key
    if (detailsRef.current) detailsRef.current.open = false
  }, [location.key])

  return (
    <details ref={detailsRef} className="user-menu">
      <summary ref={summaryRef} className="user-menu__toggle">
        <Avatar email={email} pictureUrl={avatarUrl} />
        <span className="visually-hidden">Account menu for {email}</span>
      </summary>
      <div className="user-menu__panel">
        <Text as="p" size="2" color="gray" className="user-menu__email">
          {email}
        </Text>
        <Separator size="4" my="2" />
        <nav aria-label="Account">
          <ul className="user-menu__items">
            {isPersonalHolder ? (
              <li>
                <Link asChild size="2" highContrast underline="hover" className="user-menu__item">
                  <RemixLink to="/manage?dialog=change-email">Change Email Address</RemixLink>
                </Link>
              </li>
            ) : null}
            <li>
              <Link asChild size="2" highContrast underline="hover" className="user-menu__item">
                <RemixLink to="/manage?dialog=account-settings">Account Settings</RemixLink>
              </Link>
            </li>
            <li>
              {/* Replace: after logging out, Back must not return to a page of the signed-out account. */}
              <Form method="post" action="/logout" replace>
                <Button variant="ghost" color="gray" highContrast size="2" type="submit" className="user-menu__item">
                  Log Out
                </Button>
              </Form>
            </li>
          </ul>
        </nav>
      </div>
    </details>
  )
}

/** The picture is a background, so none (or an unreachable service) paints nothing, never a broken image. */
function Avatar({ email, pictureUrl }: { email: string; pictureUrl: string | null }) {
  return (
    <span className="user-menu__avatar" data-accent-color={avatarColor(email)} aria-hidden="true">
      <span className="user-menu__initials">{avatarInitials(email)}</span>
      {pictureUrl ? (
        <span className="user-menu__picture" style={{ backgroundImage: `url("${encodeURI(pictureUrl)}")` }} />
      ) : null}
    </span>
  )
}
