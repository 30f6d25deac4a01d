import { useForm, type DefaultValue } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { z } from 'zod'
import { useSubscriptionAction } from '#app/routes/__manage/subscriptions/subscription-dialog-parts'

/**
 * The conform form of a subscription dialog that validates as it is filled in (quantity, assignments): the schema the
 * server's action uses, the action's last answer as its result, revalidated on input once shown (a click on the
 * submit button while an error shows is not lost). With the action's answer and busy state.
 */
export function useSubscriptionForm<Schema extends z.ZodTypeAny>(
  intent: string,
  subscriptionId: string,
  schema: Schema,
  options: { defaultValue: DefaultValue<z.input<Schema>>; shouldValidate: 'onBlur' | 'onSubmit' },
) {
  const { answer, busy } = useSubscriptionAction(intent, subscriptionId)
  const [form, fields] = useForm({
    id: `${intent}-${subscriptionId}`,
    lastResult: answer?.result,
    constraint: getZodConstraint(schema),
    defaultValue: options.defaultValue,
    shouldValidate: options.shouldValidate,
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  return { answer, busy, form, fields }
}
