// What a person set in a server-rendered form before the script arrived, carried into the form React renders in its
// place: hydration swaps a dialog's static section for a modal, and the new controls start from the server's values.

/** One control a person changed: its place (form, name, type, value, occurrence) and what it holds now. */
export type KeptControl = { key: string; name: string; checked?: boolean; value?: string; selected?: string[] }

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

const SKIPPED_TYPES = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file'])

function controls(root: HTMLElement): Control[] {
  return [...root.querySelectorAll<Control>('input[name], textarea[name], select[name]')].filter(
    (control) => !SKIPPED_TYPES.has(control.type) && !control.disabled,
  )
}

/** Each control with a key that names the same control in a re-render of the same forms. */
function keyed(root: HTMLElement): Array<[string, Control]> {
  const seen = new Map<string, number>()
  return controls(root).map((control) => {
    const choice = control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')
    const place = [control.form?.getAttribute('action') ?? '', control.name, control.type, choice ? control.value : '']
    const base = JSON.stringify(place)
    const occurrence = seen.get(base) ?? 0
    seen.set(base, occurrence + 1)
    return [`${base}#${occurrence}`, control]
  })
}

function selectedValues(select: HTMLSelectElement): string[] {
  return [...select.options].filter((option) => option.selected).map((option) => option.value)
}

/** What a select shows before anyone touches it: its `selected` options, else (a single one) its first. */
function defaultValues(select: HTMLSelectElement): string[] {
  const marked = [...select.options].filter((option) => option.defaultSelected).map((option) => option.value)
  if (select.multiple) return marked
  return marked.length > 0 ? marked.slice(-1) : select.options.length > 0 ? [select.options[0]!.value] : []
}

/** The controls in `root` whose state differs from what the server rendered. */
export function changedControls(root: HTMLElement): KeptControl[] {
  const kept: KeptControl[] = []
  for (const [key, control] of keyed(root)) {
    const { name } = control
    if (control instanceof HTMLSelectElement) {
      const selected = selectedValues(control)
      if (selected.join('\n') !== defaultValues(control).join('\n')) kept.push({ key, name, selected })
    } else if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      if (control.checked !== control.defaultChecked) kept.push({ key, name, checked: control.checked })
    } else if (control.value !== control.defaultValue) {
      kept.push({ key, name, value: control.value })
    }
  }
  return kept
}

/** Gives the controls in `root` what `kept` says, through the events a person's change fires, so React sees it. */
export function restoreControls(root: HTMLElement, kept: readonly KeptControl[]): void {
  if (kept.length === 0) return
  const byKey = new Map(kept.map((entry) => [entry.key, entry]))
  for (const [key, control] of keyed(root)) {
    const entry = byKey.get(key)
    if (!entry) continue
    if (control instanceof HTMLSelectElement && entry.selected) {
      const wanted = new Set(entry.selected)
      if (selectedValues(control).join('\n') === entry.selected.join('\n')) continue
      for (const option of control.options) option.selected = wanted.has(option.value)
      control.dispatchEvent(new Event('change', { bubbles: true }))
    } else if (control instanceof HTMLInputElement && entry.checked !== undefined) {
      // A click is what toggles a checkbox or picks a radio for every listener; a radio is only ever picked.
      if (control.checked !== entry.checked && (control.type === 'checkbox' || entry.checked)) control.click()
    } else if (entry.value !== undefined && control.value !== entry.value) {
      // Through the prototype's setter, so that React's value tracker sees a change and its onChange runs.
      const prototype = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement
      Object.getOwnPropertyDescriptor(prototype.prototype, 'value')?.set?.call(control, entry.value)
      control.dispatchEvent(new Event('input', { bubbles: true }))
      control.dispatchEvent(new Event('change', { bubbles: true }))
    }
  }
}
