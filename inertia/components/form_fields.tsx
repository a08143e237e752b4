import type { ReactNode } from 'react'

type FieldProps = {
  label: string
  name: string
  value: string
  error?: string
  onChange: (value: string) => void
}

function Field({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    <label className="field">
      <span>{label}</span>
      {children}
      {error && <span className="field-error">{error}</span>}
    </label>
  )
}

/**
 * A labelled text input with its validation error under it.
 */
export function TextField({
  label,
  name,
  value,
  error,
  onChange,
  maxLength,
}: FieldProps & { maxLength?: number }) {
  return (
    <Field label={label} error={error}>
      <input
        name={name}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
      />
    </Field>
  )
}

/**
 * A labelled select; `emptyLabel` adds a first option with the value "" (e.g. "inherit").
 */
/**
 * A select among `options`; `onChange` gets one of them (or '' for `emptyLabel`).
 */
export function SelectField<Option extends string>({
  label,
  name,
  value,
  error,
  onChange,
  options,
  emptyLabel,
}: Omit<FieldProps, 'onChange'> & {
  options: readonly Option[]
  emptyLabel?: string
  onChange: (value: Option) => void
}) {
  return (
    <Field label={label} error={error}>
      <select
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value as Option)}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </Field>
  )
}
