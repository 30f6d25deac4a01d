import { useForm, type DefaultValue } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '#app/utils/conform-zod'
import type { z } from 'zod/mini'
import { useSubscriptionAction } from '#app/routes/__manage/subscriptions/subscription-dialog-parts'

/** Revalidated on input once shown, so a click on submit while an error shows is not lost. */
export function useSubscriptionForm<Schema extends z.ZodMiniObject>(
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
