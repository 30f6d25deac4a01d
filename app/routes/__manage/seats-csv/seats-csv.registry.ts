import { defineDialog } from '../shared/registry'
import { importSeats, importSeatsDialog } from './import.server'

export const seatsCsvDialogs = {
  'import-seats': defineDialog({
    load: importSeatsDialog,
    actions: { 'import-seats': importSeats },
    component: () => import('./import-seats-dialog').then((module) => module.ImportSeatsDialog),
  }),
}
