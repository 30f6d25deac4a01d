/**
 * The browser's bundle leaves `.server` modules out: every export of one is `undefined` there. The /manage registry
 * (the chunk the page loads when a dialog opens) must still load, with every dialog's component, when that is so: a
 * registry file that called a loader or action at load time would break every dialog in the browser while every
 * server-side test passed.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'

const root = path.resolve('app/routes/__manage')
const serverModules = fs
  .readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.server\.tsx?$/.test(file))
  .map((file) => path.join(root, file))

describe('the /manage registry as the browser loads it', () => {
  it('loads with the .server modules empty, and loads every dialog’s component from its own chunk', async () => {
    expect(serverModules.length).toBeGreaterThan(5)
    // An empty module, as the bundler makes it: any export read from it is undefined.
    const empty = () => new Proxy({}, { has: () => true, get: () => undefined })
    for (const file of serverModules) vi.doMock(file, empty)
    const { manageDialogs } = await import('#app/routes/__manage/dialogs')
    const dialogs = Object.entries(manageDialogs)
    expect(dialogs.length).toBeGreaterThan(20)
    for (const [name, dialog] of dialogs) {
      expect(typeof (await dialog.Component.preload()).default, name).toBe('function')
      expect(dialog.load, `${name} has no loader in the browser`).toBeUndefined()
    }
  })
})
