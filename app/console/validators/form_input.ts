/**
 * A form's empty optional fields ("no parent", "no emoji") are absent, not empty strings.
 */
export function withoutEmpty(fields: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== '' && value !== null)
  )
}

/**
 * A settings form's emptied fields (`clearable`: no emoji, no description, inherited default
 * level) are null, which clears them; fields the form did not send stay absent.
 */
export function emptyAsNull(fields: Record<string, unknown>, clearable: string[]) {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [
      name,
      clearable.includes(name) && value === '' ? null : value,
    ])
  )
}
