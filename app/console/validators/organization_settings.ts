import vine, { errors as vineErrors } from '@vinejs/vine'

type FormFields = Record<string, unknown>
type ValidationError = InstanceType<typeof vineErrors.E_VALIDATION_ERROR>

/**
 * The settings form's e-mail domains, typed as one text (a domain per line, or separated by
 * commas or spaces), as the list the API's validator takes. Repeated domains count once.
 */
export function domainListOf(body: FormFields): FormFields {
  const text = body.emailDomains
  if (typeof text !== 'string') return body
  const domains = text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim())
    .filter(Boolean)
  const unique = [...new Map(domains.map((domain) => [domain.toLowerCase(), domain])).values()]
  return { ...body, emailDomains: unique }
}

/**
 * Runs a form's validation of `body` (shaped by domainListOf); the errors of single domains
 * (`emailDomains.3`) become one error of the domains field that names the domain, in words, for
 * the textarea that holds them all.
 */
export async function withDomainErrorsOnTheList<T>(
  body: FormFields,
  validate: (body: FormFields) => Promise<T>
): Promise<T> {
  try {
    return await validate(body)
  } catch (error) {
    if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
    const domains = Array.isArray(body.emailDomains) ? body.emailDomains : []
    throw withReadableDomainErrors(error as ValidationError, domains)
  }
}

function withReadableDomainErrors(error: ValidationError, domains: unknown[]): ValidationError {
  const messages = error.messages as Array<{ field: string; message: string; rule: string }>
  const rewritten = messages.map((problem) => {
    const item = /^emailDomains\.(\d+)$/.exec(problem.field)
    if (item) {
      const value = domains[Number(item[1])]
      const named = typeof value === 'string' ? `"${value.slice(0, 80)}"` : 'One of the entries'
      return {
        ...problem,
        field: 'emailDomains',
        message: `${named} is not an e-mail domain (write it like example.com, without "@")`,
      }
    }
    if (problem.field === 'emailDomains' && problem.rule === 'array.maxLength') {
      return { ...problem, message: 'An organization can have at most 100 e-mail domains' }
    }
    return problem
  })
  return new vineErrors.E_VALIDATION_ERROR(rewritten)
}

/**
 * "Sign in with SSO" on the sign-in page: the person's work e-mail address, or their
 * organization's hostname or id.
 */
export const ssoSignInValidator = vine.compile(
  vine.object({
    organization: vine.string().trim().minLength(1).maxLength(254),
  })
)

/**
 * A form field's error raised by the console itself (shown under the field, like VineJS's).
 */
export function fieldError(field: string, message: string, rule = 'console') {
  return new vineErrors.E_VALIDATION_ERROR([{ field, message, rule }])
}
