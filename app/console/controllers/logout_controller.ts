import type { HttpContext } from '@adonisjs/core/http'

/**
 * POST /console/logout (a POST, so a cross-site link cannot sign anyone out).
 */
export default class LogoutController {
  async handle({ auth, response, session }: HttpContext) {
    await auth.use('web').logout()
    // The sign-in page then clears Inertia's encrypted history (ConsolePrivatePagesMiddleware).
    session.flash('signedOut', true)
    return response.redirect().toRoute('console.login')
  }
}
