/** The seat list's CSV import dialog of /manage: upload, the plan, then Apply. */
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
