import { Flex, Radio, Text } from '#app/components/themes'

/** A change reprices the page. */
export function ChoiceGroup({
  legend,
  name,
  choices,
  onChange,
}: {
  legend: string
  name: string
  choices: Array<{ value: string; label: string; checked: boolean }>
  onChange: () => void
}) {
  return (
    <fieldset className="shop-fieldset">
      <legend>{legend}</legend>
      <Flex gap="3" wrap="wrap">
        {choices.map((choice) => (
          <ChoiceRadio
            key={choice.value}
            name={name}
            value={choice.value}
            label={choice.label}
            defaultChecked={choice.checked}
            onChange={onChange}
          />
        ))}
      </Flex>
    </fieldset>
  )
}

function ChoiceRadio({
  name,
  value,
  label,
  defaultChecked,
  onChange,
}: {
  name: string
  value: string
  label: string
  defaultChecked: boolean
  onChange: () => void
}) {
  const id = `purchase-${name}-${value}`
  return (
    <label htmlFor={id} className="shop-choice">
      {/* data-shown marks the choice the price on the page is for (the purchase form's stale-price note reads it). */}
      <Radio
        id={id}
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        data-shown={defaultChecked ? '' : undefined}
        onChange={onChange}
      />
      <Text size="2">{label}</Text>
    </label>
  )
}
