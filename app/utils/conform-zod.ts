// conform's zod adapter, with zod's English messages loaded first: zod/mini carries none (record 0019).
import { parseWithZod as parseWithConform } from '@conform-to/zod/v4'
import { loadZodEnglishMessages } from '../../protocol/shared/zod-messages.js'
import { unreadableForm } from '../rules/messages/failures.js'

loadZodEnglishMessages()

export { getZodConstraint } from '@conform-to/zod/v4'

/** conform throws on its own fields holding anything but JSON: such a form is a 400 saying what to do. */
export const parseWithZod = ((payload: FormData | URLSearchParams, options: Parameters<typeof parseWithConform>[1]) => {
  try {
    return parseWithConform(payload, options)
  } catch (error) {
    if (!payload.has('__intent__') && !payload.has('__state__')) throw error
    throw Response.json({ message: unreadableForm }, { status: 400 })
  }
}) as typeof parseWithConform
