// conform's zod adapter, with zod's English messages loaded first: zod/mini carries none (record 0019).
import { loadZodEnglishMessages } from '../../protocol/zod-messages.js'

loadZodEnglishMessages()

export { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
