/** The account dialogs (spec §2 user menu, §6). */
import { defineDialog } from '../shared/registry'
import { accountSettingsDialog, linkAccount, saveAccountSettings } from './account-settings.server'
import { changeEmail, changeEmailDialog } from './change-email.server'

export const accountDialogs = {
  'account-settings': defineDialog({
    load: accountSettingsDialog,
    actions: { 'account-settings': saveAccountSettings, 'link-account': linkAccount },
    component: () => import('./account-settings-dialog').then((module) => module.AccountSettingsDialog),
  }),
  'change-email': defineDialog({
    load: changeEmailDialog,
    actions: { 'change-email': changeEmail },
    component: () => import('./change-email-dialog').then((module) => module.ChangeEmailDialog),
  }),
}
