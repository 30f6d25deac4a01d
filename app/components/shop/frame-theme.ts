// A provider's page in a frame wears the portal's theme: opened with it, and told of a switch (no reload, nothing
// typed there lost), to the frame's origin alone and only once a page of it has loaded (not its first blank one).
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { usePageTheme } from '#app/components/frame/theme-toggle'

export function useFrameTheme(frameRef: RefObject<HTMLIFrameElement>, frameOrigin: string) {
  const theme = usePageTheme()
  const [openedIn] = useState(theme)
  const loaded = useRef(false)
  const tellTheme = useCallback(() => {
    if (loaded.current) frameRef.current?.contentWindow?.postMessage({ source: 'portal-theme', theme }, frameOrigin)
  }, [frameRef, theme, frameOrigin])
  useEffect(tellTheme, [tellTheme])
  return {
    /** The theme the frame's address carries. */
    openedIn,
    onLoad: () => {
      loaded.current = true
      tellTheme()
    },
    /** The frame is given a new address: nothing is told until it has loaded. */
    unload: () => {
      loaded.current = false
    },
  }
}
