/** My machines: a license's machines, and deactivating one (for its holder and the company's people who may). */
import { defineDialog } from '../shared/registry'
import { DeactivateMachineDialog, MachinesDialog } from './machines-dialog'
import { deactivateMachine, deactivateMachineDialog, machinesDialog } from './machines.server'

export const machineDialogs = {
  machines: defineDialog({ load: machinesDialog, Component: MachinesDialog }),
  'deactivate-machine': defineDialog({
    load: deactivateMachineDialog,
    actions: { 'deactivate-machine': deactivateMachine },
    Component: DeactivateMachineDialog,
  }),
}
