/** The Reclaim idle seats dialog of /manage: a company's policy for idle seats and the undo of recent reclaims. */
import { defineDialog } from '../shared/registry'
import { reclaimDialog, setReclaimPolicy, undoReclaim } from './reclaim.server'

export const reclaimDialogs = {
  reclaim: defineDialog({
    load: reclaimDialog,
    actions: { 'set-reclaim-policy': setReclaimPolicy, 'undo-reclaim': undoReclaim },
    component: () => import('./reclaim-dialog').then((module) => module.ReclaimDialog),
  }),
}
