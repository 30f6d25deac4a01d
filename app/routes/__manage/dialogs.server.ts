import { manageDialogs, type DialogData } from './dialogs'
import type { DialogLoader } from './shared/registry'

/** A Map, so a name from the request (`constructor`, `__proto__`, …) finds nothing on Object.prototype. */
export const dialogLoaders: ReadonlyMap<string, DialogLoader<DialogData>> = new Map(
  Object.entries(manageDialogs).map(([name, dialog]) => [name, dialog.load]),
)
