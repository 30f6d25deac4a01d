// The scopes of a new API token: a box per scope, each with what it allows, tied to it for screen readers.
import type { FieldMetadata } from '@conform-to/react'
import { Box, Flex, Text } from '#app/components/themes'
import { FieldError } from '#app/components/field-error'
import { checkboxStyle } from '../shared/dialog-parts'
import { apiTokenScopeMeanings, type ApiTokenScope } from '#protocol/api-tokens/api-tokens'

export function ApiTokenScopesField(props: { field: FieldMetadata<string[]>; scopes: readonly ApiTokenScope[] }) {
  const { field } = props
  const initial = [field.initialValue ?? []].flat()
  const invalid = Boolean(field.errors?.length)
  return (
    <fieldset
      id={field.id}
      aria-describedby={invalid ? field.errorId : undefined}
      style={{ border: 0, margin: 0, padding: 0 }}
    >
      <legend>
        <Text size="2" weight="medium">
          Scopes
        </Text>
      </legend>
      <Flex direction="column" gap="2" mt="1">
        {props.scopes.map((scope) => {
          const id = `${field.id}-${scope}`
          return (
            <Box key={scope}>
              <Flex asChild gap="2" align="center">
                <label>
                  <input
                    type="checkbox"
                    id={id}
                    name={field.name}
                    value={scope}
                    defaultChecked={initial.includes(scope)}
                    aria-describedby={`${id}-allows`}
                    aria-invalid={invalid || undefined}
                    style={checkboxStyle}
                  />
                  <Text size="2" weight="medium">
                    {apiTokenScopeMeanings[scope].label}
                  </Text>
                </label>
              </Flex>
              <Text as="p" id={`${id}-allows`} size="1" color="gray" style={{ paddingLeft: 24 }}>
                {apiTokenScopeMeanings[scope].allows}
              </Text>
            </Box>
          )
        })}
      </Flex>
      <FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  )
}
