import type { InvalidField } from '#core/exceptions/api_exceptions'

/*
 * A refused form field (InvalidField: VineJS's or a service's problem, with the field path, rule
 * and options) is told in the words of the form an administrator filled in, not the API's
 * ("title: The title field must have at least 1 characters (rule minLength)").
 */

/** Labels of fields whose names do not read as words. */
const LABELS: Record<string, string> = {
  email: 'E-mail address',
  emails: 'E-mail addresses',
  emailDomains: 'E-mail domains',
  url: 'Web address',
  sso: 'SSO',
  ssoURL: 'Sign-in URL',
  ssoUrl: 'Sign-in URL',
  entityID: 'Entity ID',
  logo: 'Logo URL',
  idpEntityID: 'Identity provider entity ID',
  idpEntityId: 'Identity provider entity ID',
  idpCertificate: 'Certificate',
  x509: 'Certificate',
  emoji: 'Emoji',
  q: 'Search',
  query: 'Search',
}

/**
 * "defaultRole" → "Default role", "emails.2" → "E-mail addresses", "configuration.api_key" →
 * "Api key".
 */
export function fieldLabel(field: string): string {
  const segments = field.split('.').filter((segment) => segment !== '' && !/^\d+$/.test(segment))
  const name = segments.at(-1) ?? ''
  if (name === '') return 'This field'
  if (LABELS[name]) return LABELS[name]
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function characters(count: unknown) {
  return Number(count) === 1 ? '1 character' : `${count} characters`
}

/**
 * One problem in a sentence. Rules without a wording of their own keep the validator's message,
 * with "The x field" made the field's label.
 */
export function humanProblem({ field, rule, message, meta = {} }: InvalidField): string {
  // VineJS's own wording names the field ("The ssoURL field …", or a form's label for it: "The
  // sign-in URL field …"); any other message was written for people already and is kept.
  const named = /^The (?:selected )?(.+?) (?:field |parameter |is invalid|must )/.exec(message)
  if (message && !named) return /[.!?]$/.test(message) ? message : `${message}.`
  const label =
    named && named[1] !== field && named[1] !== field.split('.').at(-1)
      ? named[1].charAt(0).toUpperCase() + named[1].slice(1)
      : fieldLabel(field)
  switch (rule) {
    case 'required':
    case 'requiredWhen':
    case 'requiredIfExists':
    case 'requiredIfAnyExists':
      return `${label} is required.`
    case 'notNull':
      return `${label} can't be cleared.`
    case 'minLength':
      return Number(meta.min) <= 1
        ? `${label} can't be empty.`
        : `${label} must be at least ${characters(meta.min)} long.`
    case 'maxLength':
      return `${label} must be at most ${characters(meta.max)} long.`
    case 'fixedLength':
      return `${label} must be exactly ${characters(meta.size)} long.`
    case 'array.minLength':
      return `Give at least ${meta.min} ${label.toLowerCase()}.`
    case 'array.maxLength':
      return `Give at most ${meta.max} ${label.toLowerCase()}.`
    case 'email':
      return `${label} must be an e-mail address, like name@example.com.`
    case 'url':
    case 'activeUrl':
      return `${label} must be a web address starting with http:// or https://.`
    case 'enum':
    case 'in': {
      const choices = Array.isArray(meta.choices) ? meta.choices.join(', ') : null
      return choices
        ? `${label} must be one of: ${choices}.`
        : `${label} is not one of the choices.`
    }
    case 'min':
      return `${label} must be at least ${meta.min}.`
    case 'max':
      return `${label} must be at most ${meta.max}.`
    case 'range':
      return `${label} must be between ${meta.min} and ${meta.max}.`
    case 'number':
    case 'integer':
    case 'decimal':
      return `${label} must be a number.`
    case 'boolean':
    case 'accepted':
      return `${label} must be on or off.`
    case 'date':
      return `${label} must be a date.`
    case 'regex':
    case 'alpha':
    case 'alphaNumeric':
      return `${label} contains characters that are not allowed.`
    case 'string':
    case 'object':
    case 'array':
    case 'record':
      return `${label} was not filled in as expected.`
    default: {
      const reworded = message.replace(/^The (.+?) (?:field|parameter) /, `${label} `)
      return /[.!?]$/.test(reworded) ? reworded : `${reworded}.`
    }
  }
}

/** A form's refusal in one sentence or a few, for the message above the form. */
export function humanProblems(problems: InvalidField[]): string {
  if (problems.length === 0) return 'Please check the form and try again.'
  return problems.map(humanProblem).join(' ')
}
