/** The Domains dialogs of /manage: a company's domains and claiming one, and one domain's record and checks. */
import { defineDialog } from '../shared/registry'
import { claimDomain, domainDialog, domainsDialog, removeDomain, setAutoJoin, verifyDomain } from './domains.server'

export const domainDialogs = {
  domains: defineDialog({
    load: domainsDialog,
    actions: { 'claim-domain': claimDomain },
    component: () => import('./domains-dialog').then((module) => module.DomainsDialog),
  }),
  domain: defineDialog({
    load: domainDialog,
    actions: { 'verify-domain': verifyDomain, 'remove-domain': removeDomain, 'set-auto-join': setAutoJoin },
    component: () => import('./domain-dialog').then((module) => module.DomainDialog),
  }),
}
