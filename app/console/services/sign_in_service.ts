import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import User from '#accounts/models/user'
import { auditedCredentials } from '#accounts/services/sign_in_audit'
import { TooManySignInAttemptsException } from '#console/exceptions/too_many_sign_in_attempts_exception'
import { SsoRequiredException } from '#console/exceptions/sso_required_exception'
import SsoEnforcementService from '#sso/services/sso_enforcement_service'

/**
 * Password checks allowed per client address, whatever the e-mails tried (spraying many accounts
 * from one address is throttled too).
 */
export const SIGN_IN_PER_ADDRESS = {
  requests: 10,
  duration: '15 minutes',
  blockDuration: '15 minutes',
} as const

/**
 * Password checks allowed per account, from any address. Larger than one address's budget, so a
 * single address cannot lock its owner out; many addresses guessing one password are stopped.
 */
export const SIGN_IN_PER_ACCOUNT = {
  requests: 20,
  duration: '15 minutes',
  blockDuration: '15 minutes',
} as const

/**
 * Accounts the console's invite pages may create per address, before the address is blocked for a
 * while (every attempt counts, refused or not).
 */
export const SIGN_UPS = { requests: 10, duration: '1 hour', blockDuration: '1 hour' } as const

export function signUpKey(ip: string) {
  return `console_sign_up_${ip}`
}

export function signInAddressKey(ip: string) {
  return `console_sign_in_ip_${ip}`
}

export function signInAccountKey(email: string) {
  return `console_sign_in_account_${email.trim().toLowerCase()}`
}

export default class SignInService {
  /**
   * Counts an account creation from `ip`; too many raise TooManySignInAttemptsException.
   */
  async throttleSignUp(ip: string): Promise<void> {
    await consumeOrThrottle(
      SIGN_UPS,
      signUpKey(ip),
      (seconds) => `Too many accounts created from your address; try again in ${seconds} seconds`
    )
  }

  /**
   * The user with these credentials. Every attempt first takes one unit of its address's budget,
   * then one of its account's (atomic consumes, so parallel attempts cannot all slip in before the
   * count); an exhausted budget raises TooManySignInAttemptsException without checking the
   * password. Wrong credentials raise E_INVALID_CREDENTIALS; right ones give the address its unit
   * back and clear the account's count. A user whom an SSO-enforced organization sends through its
   * identity provider then gets SsoRequiredException (checked after the password, so the refusal
   * tells nothing to someone who does not know it).
   */
  async verify(email: string, password: string, ip: string): Promise<User> {
    await consumeOrThrottle(SIGN_IN_PER_ADDRESS, signInAddressKey(ip))
    await consumeOrThrottle(SIGN_IN_PER_ACCOUNT, signInAccountKey(email))
    const user = await auditedCredentials(email, () => User.verifyCredentials(email, password))
    await limiter.use(SIGN_IN_PER_ADDRESS).decrement(signInAddressKey(ip))
    await limiter.use(SIGN_IN_PER_ACCOUNT).delete(signInAccountKey(email))
    const enforcing = await new SsoEnforcementService().passwordSignInRefusedBy(user.id)
    if (enforcing) throw new SsoRequiredException(enforcing.title)
    return user
  }
}

async function consumeOrThrottle(
  budget: { requests: number; duration: string; blockDuration: string },
  key: string,
  message?: (seconds: number) => string
) {
  try {
    await limiter.use(budget).consume(key)
  } catch (error) {
    if (!(error instanceof limiterErrors.E_TOO_MANY_REQUESTS)) throw error
    const seconds = error.response.availableIn
    throw new TooManySignInAttemptsException(seconds, message?.(seconds))
  }
}
