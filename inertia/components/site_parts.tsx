import type { ReactNode } from 'react'
import { router } from '@inertiajs/react'
import { Field, type FieldProps } from '~/components/form_fields'

/**
 * A site's state as a badge.
 */
export function PublishedState({ published }: { published: boolean }) {
  return (
    <span className={published ? 'badge badge-live' : 'badge'} data-testid="published-state">
      {published ? 'published' : 'unpublished'}
    </span>
  )
}

/**
 * A labelled textarea with its validation error under it.
 */
export function TextAreaField({
  label,
  error,
  rows = 12,
  onChange,
  ...textarea
}: FieldProps & { rows?: number }) {
  return (
    <Field label={label} error={error}>
      <textarea
        {...textarea}
        rows={rows}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
      />
    </Field>
  )
}

/**
 * A small button that sends a form without fields (`data` as its body), keeping the scroll.
 */
export function ActionButton({
  url,
  method = 'post',
  data = {},
  danger = false,
  disabled = false,
  label,
  children,
}: {
  url: string
  method?: 'post' | 'patch' | 'delete'
  data?: Record<string, string | boolean>
  danger?: boolean
  disabled?: boolean
  label?: string
  children: ReactNode
}) {
  const kind = danger ? 'button button-small button-danger button-quiet' : 'button button-small'
  return (
    <button
      type="button"
      className={danger ? kind : `${kind} button-quiet`}
      disabled={disabled}
      aria-label={label}
      onClick={() => router.visit(url, { method, data, preserveScroll: true })}
    >
      {children}
    </button>
  )
}
