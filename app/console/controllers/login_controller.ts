import type { HttpContext } from '@adonisjs/core/http'
import User from '#accounts/models/user'
import { loginValidator } from '#console/validators/login_validator'

/**
 * POST /console/login. Wrong credentials raise E_INVALID_CREDENTIALS, which flashes its message and
 * redirects back to the form; `login` regenerates the session id (no session fixation).
 */
export default class LoginController {
  async handle({ request, auth, response }: HttpContext) {
    const { email, password } = await request.validateUsing(loginValidator)
    const user = await User.verifyCredentials(email, password)
    await auth.use('web').login(user)
    return response.redirect().toRoute('console.organizations.index')
  }
}
