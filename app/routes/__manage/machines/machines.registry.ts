/** My machines: a license's machines, and deactivating one (for its holder and the company's people who may). */
import { defineDialog } from '../shared/registry'
import { deactivateMachine, deactivateMachineDialog, machinesDialog } from './machines.server'

export const machineDialogs = {
  machines: defineDialog({
    load: machinesDialog,
    component: () => import('./machines-dialog').then((module) => module.MachinesDialog),
  }),
  'deactivate-machine': defineDialog({
    load: deactivateMachineDialog,
    actions: { 'deactivate-machine': deactivateMachine },
    component: () => import('./machines-dialog').then((module) => module.DeactivateMachineDialog),
  }),
}
