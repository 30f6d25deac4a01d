import { defineDialog } from '../shared/registry'
import {
  createScimToken,
  directoryDialog,
  mapDirectoryGroup,
  ownershipDialog,
  revokeScimToken,
  scimTokenDialog,
  setDirectoryOwnership,
} from './directory.server'

export const directoryDialogs = {
  directory: defineDialog({
    load: directoryDialog,
    actions: { 'revoke-scim-token': revokeScimToken, 'map-directory-group': mapDirectoryGroup },
    component: () => import('./directory-dialog').then((module) => module.DirectoryDialog),
  }),
  'scim-token': defineDialog({
    load: scimTokenDialog,
    actions: { 'create-scim-token': createScimToken },
    component: () => import('./scim-token-dialog').then((module) => module.ScimTokenDialog),
  }),
  'directory-ownership': defineDialog({
    load: ownershipDialog,
    actions: { 'set-directory-ownership': setDirectoryOwnership },
    component: () => import('./ownership-dialog').then((module) => module.OwnershipDialog),
  }),
}
