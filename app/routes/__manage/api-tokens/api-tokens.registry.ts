import { defineDialog } from '../shared/registry'
import {
  apiTokenDialog,
  apiTokensDialog,
  createApiToken,
  revokeApiToken,
  revokeApiTokenDialog,
} from './api-tokens.server'

export const apiTokenDialogs = {
  'api-tokens': defineDialog({
    load: apiTokensDialog,
    component: () => import('./api-tokens-dialog').then((module) => module.ApiTokensDialog),
  }),
  'api-token': defineDialog({
    load: apiTokenDialog,
    actions: { 'create-api-token': createApiToken },
    component: () => import('./api-tokens-dialog').then((module) => module.CreateApiTokenDialog),
  }),
  'revoke-api-token': defineDialog({
    load: revokeApiTokenDialog,
    actions: { 'revoke-api-token': revokeApiToken },
    component: () => import('./api-tokens-dialog').then((module) => module.RevokeApiTokenDialog),
  }),
}
