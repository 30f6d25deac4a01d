import { defineDialog } from '../shared/registry'
import { ApiTokensDialog, CreateApiTokenDialog, RevokeApiTokenDialog } from './api-tokens-dialog'
import {
  apiTokenDialog,
  apiTokensDialog,
  createApiToken,
  revokeApiToken,
  revokeApiTokenDialog,
} from './api-tokens.server'

export const apiTokenDialogs = {
  'api-tokens': defineDialog({ load: apiTokensDialog, Component: ApiTokensDialog }),
  'api-token': defineDialog({
    load: apiTokenDialog,
    actions: { 'create-api-token': createApiToken },
    Component: CreateApiTokenDialog,
  }),
  'revoke-api-token': defineDialog({
    load: revokeApiTokenDialog,
    actions: { 'revoke-api-token': revokeApiToken },
    Component: RevokeApiTokenDialog,
  }),
}
