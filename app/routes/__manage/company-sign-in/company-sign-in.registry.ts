/** The Single Sign-On dialog of /manage: a company's OpenID Connect provider and whether its people must use it. */
import { defineDialog } from '../shared/registry'
import { companySignInDialog, removeCompanySignIn, saveCompanySignIn } from './company-sign-in.server'

export const companySignInDialogs = {
  'company-sign-in': defineDialog({
    load: companySignInDialog,
    actions: { 'save-company-sign-in': saveCompanySignIn, 'remove-company-sign-in': removeCompanySignIn },
    component: () => import('./company-sign-in-dialog').then((module) => module.CompanySignInDialog),
  }),
}
