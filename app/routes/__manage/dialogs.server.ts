import { manageDialogs, type DialogData } from './dialogs'
import type { DialogLoader } from './shared/registry'

/**
 * Every dialog's loader, by its `dialog` query value (see `dialogs.tsx`). A Map, so that a name from the request
 * (`constructor`, `__proto__`, …) finds nothing rather than a member of Object.prototype.
 */
export const dialogLoaders: ReadonlyMap<string, DialogLoader<DialogData>> = new Map(
  Object.entries(manageDialogs).map(([name, dialog]) => [name, dialog.load]),
)
