import type { ComponentType } from 'react'
import type { Details } from '#protocol/operations'

export type DialogProps = { data: unknown; details: Details; closeTo: string }

/** The component of each /manage dialog, by its `dialog` query value (mirrors dialogs.server.ts). */
export const dialogComponents: Record<string, ComponentType<DialogProps>> = {}
