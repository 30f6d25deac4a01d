import { defineDialog } from '../shared/registry'
import { DirectoryDialog } from './directory-dialog'
import { OwnershipDialog } from './ownership-dialog'
import { ScimTokenDialog } from './scim-token-dialog'
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
    Component: DirectoryDialog,
  }),
  'scim-token': defineDialog({
    load: scimTokenDialog,
    actions: { 'create-scim-token': createScimToken },
    Component: ScimTokenDialog,
  }),
  'directory-ownership': defineDialog({
    load: ownershipDialog,
    actions: { 'set-directory-ownership': setDirectoryOwnership },
    Component: OwnershipDialog,
  }),
}
