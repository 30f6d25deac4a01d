import type { DialogLoader } from './registry.server'

/** Every dialog of /manage, by its `dialog` query value. Capabilities add theirs here. */
export const dialogLoaders: Record<string, DialogLoader> = {}
