import { defineDialog } from '../shared/registry'
import { activityDialog } from './activity.server'

export const activityDialogs = {
  activity: defineDialog({
    load: activityDialog,
    component: () => import('./activity-dialog').then((module) => module.ActivityDialog),
  }),
}
