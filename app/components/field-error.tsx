import { Text } from '@radix-ui/themes'

/**
 * A field's or form's errors, tied to it by id (conform sets aria-describedby to this id) and announced when they
 * appear. The element is always rendered so the live region exists before the message arrives.
 */
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
