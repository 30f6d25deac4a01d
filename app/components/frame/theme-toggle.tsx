import { useFetcher, useRouteLoaderData } from '@remix-run/react'
import { ServerOnly } from 'remix-utils/server-only'
import { MoonIcon, SunIcon } from '#app/components/icons'
import { IconButton } from '#app/components/themes'

export type ThemeName = 'dark' | 'light'

// One fetcher key shared with the root's <Theme>, so the page switches at once, not after the revalidation.
export const THEME_FETCHER_KEY = 'theme-toggle'

function isThemeName(value: unknown): value is ThemeName {
  return value === 'dark' || value === 'light'
}

export function useOptimisticTheme(serverTheme: ThemeName): ThemeName {
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY })
  const submitted = fetcher.formData?.get('theme')
  return isThemeName(submitted) ? submitted : serverTheme
}

export function usePageTheme(): ThemeName {
  const data = useRouteLoaderData('root') as { theme?: unknown } | undefined
  return useOptimisticTheme(isThemeName(data?.theme) ? data.theme : 'dark')
}

type ThemeToggleProps = {
  theme: ThemeName
  /** Where the browser returns to after the post when script is off. */
  currentPath: string
}

export function ThemeToggle({ theme, currentPath }: ThemeToggleProps) {
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY })
  const submitted = fetcher.formData?.get('theme')
  const shown = isThemeName(submitted) ? submitted : theme
  const next: ThemeName = shown === 'dark' ? 'light' : 'dark'

  return (
    <fetcher.Form method="post" action="/theme" className="theme-toggle">
      {/* Without script the form is a plain post and /theme must redirect back. Once hydrated the fetcher submits
          without navigating, so the field is dropped and /theme answers with data instead of a redirect. */}
      <ServerOnly>{() => <input type="hidden" name="redirectTo" value={currentPath} />}</ServerOnly>
      <IconButton
        variant="ghost"
        color="gray"
        highContrast
        size="3"
        type="submit"
        name="theme"
        value={next}
        aria-label={`Switch to ${next} theme`}
      >
        {next === 'light' ? <SunIcon /> : <MoonIcon />}
      </IconButton>
    </fetcher.Form>
  )
}
