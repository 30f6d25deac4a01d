import { defineDialog } from '../shared/registry'
import { ActivityDialog } from './activity-dialog'
import { activityDialog } from './activity.server'

export const activityDialogs = {
  activity: defineDialog({ load: activityDialog, Component: ActivityDialog }),
}
