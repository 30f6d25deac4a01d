// The Domains forms; the domain rule is the protocol's `DomainName`, so the form refuses what the service does.
import * as z from 'zod'
import { DomainName } from '#protocol/domains'

export const DomainFormSchema = z.object({ company: z.string().min(1), domain: DomainName })
