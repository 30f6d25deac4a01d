/**
 * The Domains forms' schema (Add domain, Verify now, Remove domain), parsed on the server with conform's
 * `parseWithZod` and mirrored in the browser. The domain rule is the protocol's (`DomainName`), so the form refuses
 * exactly what the service does.
 */
import { z } from 'zod'
import { DomainName } from '#protocol/domains'

export const DomainFormSchema = z.object({ company: z.string().min(1), domain: DomainName })
