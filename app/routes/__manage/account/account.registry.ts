/** The account dialogs (spec §2 user menu, §6). */
import { defineDialog } from '../shared/registry'
import { AccountSettingsDialog } from './account-settings-dialog'
import { accountSettingsDialog, linkAccount, saveAccountSettings } from './account-settings.server'
import { ChangeEmailDialog } from './change-email-dialog'
import { changeEmail, changeEmailDialog } from './change-email.server'

export const accountDialogs = {
  'account-settings': defineDialog({
    load: accountSettingsDialog,
    actions: { 'account-settings': saveAccountSettings, 'link-account': linkAccount },
    Component: AccountSettingsDialog,
  }),
  'change-email': defineDialog({
    load: changeEmailDialog,
    actions: { 'change-email': changeEmail },
    Component: ChangeEmailDialog,
  }),
}
