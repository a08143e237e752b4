import { usePage } from '@inertiajs/react'
import type { ConsoleSharedProps } from '~/types'

/**
 * Codes under which the server flashes a refused form (see app/console/middleware/console_failures).
 */
const FORM_ERROR_CODES = [
  'E_FORBIDDEN',
  'E_CONFLICT',
  'E_PRECONDITION_FAILED',
  'E_BAD_REQUEST',
  'E_BAD_CSRF_TOKEN',
]

const FALLBACK: Record<string, string> = {
  E_BAD_CSRF_TOKEN: 'The form had expired. Reload the page and try again.',
}

/**
 * The outcome of the last form: the server's notice, or why it refused it.
 */
export default function Flash() {
  const { errors = {}, notice } = usePage<ConsoleSharedProps>().props
  const code = FORM_ERROR_CODES.find((candidate) => errors[candidate])
  return (
    <>
      {code ? (
        <p className="alert" role="alert" data-testid="form-error">
          {typeof errors[code] === 'string' && code !== 'E_BAD_CSRF_TOKEN'
            ? errors[code]
            : FALLBACK[code]}
        </p>
      ) : null}
      {notice ? (
        <p className="notice" role="status" data-testid="notice">
          {notice}
        </p>
      ) : null}
    </>
  )
}
