import { Text } from '#app/components/themes'

/** Tied by id (conform's aria-describedby); always rendered, so the live region exists before the message arrives. */
export function FieldError({ id, errors }: { id?: string; errors?: string[] }) {
  return (
    <div id={id} aria-live="polite" className="field-error">
      {errors?.length ? (
        <Text as="p" color="red" size="2">
          {errors[0]}
        </Text>
      ) : null}
    </div>
  )
}
