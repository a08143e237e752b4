import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import User from '#accounts/models/user'
import { auditedCredentials } from '#accounts/services/sign_in_audit'
import { TooManySignInAttemptsException } from '#console/exceptions/too_many_sign_in_attempts_exception'
import { SsoRequiredException } from '#console/exceptions/sso_required_exception'
import SsoEnforcementService from '#sso/services/sso_enforcement_service'

/**
 * Failed console sign-ins allowed per address and e-mail before the pair is blocked for a while.
 * Successful sign-ins reset the count.
 */
const SIGN_IN_ATTEMPTS = { requests: 5, duration: '1 minute', blockDuration: '5 minutes' }

/**
 * Accounts the console's invite pages may create per address, before the address is blocked for a
 * while (every attempt counts, refused or not).
 */
export const SIGN_UPS = { requests: 10, duration: '1 hour', blockDuration: '1 hour' } as const

export function signUpKey(ip: string) {
  return `console_sign_up_${ip}`
}

export default class SignInService {
  /**
   * Counts an account creation from `ip`; too many raise TooManySignInAttemptsException.
   */
  async throttleSignUp(ip: string): Promise<void> {
    try {
      await limiter.use(SIGN_UPS).consume(signUpKey(ip))
    } catch (error) {
      if (!(error instanceof limiterErrors.E_TOO_MANY_REQUESTS)) throw error
      const seconds = error.response.availableIn
      throw new TooManySignInAttemptsException(
        seconds,
        `Too many accounts created from your address; try again in ${seconds} seconds`
      )
    }
  }

  /**
   * The user with these credentials. Wrong credentials raise E_INVALID_CREDENTIALS; too many of them
   * from one address for one e-mail raise TooManySignInAttemptsException, without checking the
   * password at all. Right credentials of a user whom an SSO-enforced organization sends through
   * its identity provider raise SsoRequiredException (checked after the password, so the refusal
   * tells nothing to someone who does not know it).
   */
  async verify(email: string, password: string, ip: string): Promise<User> {
    const [throttled, user] = await limiter
      .use(SIGN_IN_ATTEMPTS)
      .penalize(`console_sign_in_${ip}_${email}`, () =>
        auditedCredentials(email, () => User.verifyCredentials(email, password))
      )
    if (throttled) throw new TooManySignInAttemptsException(throttled.response.availableIn)
    const enforcing = await new SsoEnforcementService().passwordSignInRefusedBy(user.id)
    if (enforcing) throw new SsoRequiredException(enforcing.title)
    return user
  }
}
