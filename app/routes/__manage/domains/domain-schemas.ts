// The Domains forms; the domain rule is the protocol's `DomainName`, so the form refuses what the service does.
import * as z from 'zod/mini'
import { DomainName } from '#protocol/domains/domains'

export const DomainFormSchema = z.object({ company: z.string().check(z.minLength(1)), domain: DomainName })
