import { defineDialog } from '../shared/registry'
import { ImportSeatsDialog } from './import-seats-dialog'
import { importSeats, importSeatsDialog } from './import.server'

export const seatsCsvDialogs = {
  'import-seats': defineDialog({
    load: importSeatsDialog,
    actions: { 'import-seats': importSeats },
    Component: ImportSeatsDialog,
  }),
}
