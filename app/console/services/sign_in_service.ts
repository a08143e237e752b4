import limiter from '@adonisjs/limiter/services/main'
import User from '#accounts/models/user'
import { TooManySignInAttemptsException } from '#console/exceptions/too_many_sign_in_attempts_exception'

/**
 * Failed console sign-ins allowed per address and e-mail before the pair is blocked for a while.
 * Successful sign-ins reset the count.
 */
const SIGN_IN_ATTEMPTS = { requests: 5, duration: '1 minute', blockDuration: '5 minutes' }

export default class SignInService {
  /**
   * The user with these credentials. Wrong credentials raise E_INVALID_CREDENTIALS; too many of them
   * from one address for one e-mail raise TooManySignInAttemptsException, without checking the
   * password at all.
   */
  async verify(email: string, password: string, ip: string): Promise<User> {
    const [throttled, user] = await limiter
      .use(SIGN_IN_ATTEMPTS)
      .penalize(`console_sign_in_${ip}_${email}`, () => User.verifyCredentials(email, password))
    if (throttled) throw new TooManySignInAttemptsException(throttled.response.availableIn)
    return user
  }
}
