import type { ComponentProps, FormEvent, InputHTMLAttributes, ReactNode } from 'react'

export type FieldProps = {
  label: string
  name: string
  value: string
  error?: string
  onChange: (value: string) => void
}

/**
 * A labelled control with its validation error under it.
 */
export function Field({
  label,
  error,
  children,
}: {
  label: string
  error?: string
  children: ReactNode
}) {
  return (
    <label className="field">
      <span>{label}</span>
      {children}
      {error && <span className="field-error">{error}</span>}
    </label>
  )
}

type InputAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'placeholder' | 'maxLength' | 'autoComplete' | 'autoFocus' | 'required'
>

/**
 * A labelled text input with its validation error under it.
 */
export function TextField({
  label,
  name,
  value,
  error,
  onChange,
  ...input
}: FieldProps & InputAttributes) {
  return (
    <Field label={label} error={error}>
      <input
        {...input}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
      />
    </Field>
  )
}

/**
 * A select among `options`, each shown as `optionLabel` says (the value itself by default);
 * `onChange` gets one of them.
 */
export function Select<Option extends string>({
  options,
  optionLabel = (option) => option,
  onChange,
  ...select
}: {
  'name'?: string
  'value': string
  'options': readonly Option[]
  'optionLabel'?: (option: Option) => string
  'onChange': (value: Option) => void
  'aria-label'?: string
}) {
  return (
    <select {...select} onChange={(event) => onChange(event.target.value as Option)}>
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel(option)}
        </option>
      ))}
    </select>
  )
}

/**
 * A labelled select among `options`; `emptyLabel` adds a first option with the value ""
 * (e.g. "inherit"), which `onChange` may then get.
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
      <Select
        name={name}
        value={value}
        options={emptyLabel === undefined ? options : (['', ...options] as Option[])}
        optionLabel={(option) => (option === '' && emptyLabel !== undefined ? emptyLabel : option)}
        onChange={onChange}
      />
    </Field>
  )
}

/**
 * A form of the console: its fields, then its submit button, disabled while it is sent.
 * `onSubmit` runs instead of the browser's submission.
 */
export function FormCard({
  title,
  submitLabel,
  processing,
  onSubmit,
  className = 'card settings-form',
  testId,
  children,
}: {
  title?: string
  submitLabel: string
  processing: boolean
  onSubmit: () => void
  className?: string
  testId?: string
  children: ReactNode
}) {
  function submit(event: FormEvent) {
    event.preventDefault()
    onSubmit()
  }
  return (
    <form className={className} onSubmit={submit} noValidate data-testid={testId}>
      {title ? <h2>{title}</h2> : null}
      {children}
      <button type="submit" className="button" disabled={processing}>
        {submitLabel}
      </button>
    </form>
  )
}

/**
 * The FormCard that creates a `what`: titled "New …", its button "Create …", its test id
 * "create-…-form".
 */
export function CreateFormCard({
  what,
  ...card
}: { what: string } & Omit<ComponentProps<typeof FormCard>, 'title' | 'submitLabel' | 'testId'>) {
  return (
    <FormCard
      title={`New ${what}`}
      submitLabel={`Create ${what}`}
      testId={`create-${what}-form`}
      {...card}
    />
  )
}

/**
 * The part of an Inertia form (useForm) a field reads and writes.
 */
export type BoundForm<Data extends Record<string, unknown>> = {
  data: Data
  errors: Partial<Record<keyof Data, string>>
  setData: <Key extends keyof Data>(key: Key, value: Data[Key]) => void
}

/**
 * A field's props bound to one value of a form: its name, value, error and change.
 */
export function bind<Data extends Record<string, unknown>, Key extends keyof Data & string>(
  form: BoundForm<Data>,
  name: Key
) {
  return {
    name,
    value: form.data[name],
    error: form.errors[name],
    onChange: (value: Data[Key]) => form.setData(name, value),
  }
}

type SubmitMethod = 'post' | 'patch' | 'put'
type SubmitOptions = { preserveScroll?: boolean; onSuccess?: () => void }

/**
 * The part of an Inertia form (useForm) a FormCard sends.
 */
type SendableForm = {
  processing: boolean
  submit: (method: SubmitMethod, url: string, options?: SubmitOptions) => void
}

/**
 * A FormCard's `processing` and `onSubmit` for an Inertia form sent to `url` (to a new page).
 */
export function sending(
  form: SendableForm,
  method: SubmitMethod,
  url: string,
  options?: SubmitOptions
) {
  return { processing: form.processing, onSubmit: () => form.submit(method, url, options) }
}

/**
 * `sending` for a form within a page: the page comes back at the same scroll.
 */
export function sendingInPlace(form: SendableForm, method: SubmitMethod, url: string) {
  return sending(form, method, url, { preserveScroll: true })
}
