import type { HttpContext } from '@adonisjs/core/http'

/**
 * POST /console/logout (a POST, so a cross-site link cannot sign anyone out).
 */
export default class LogoutController {
  async handle({ auth, response }: HttpContext) {
    await auth.use('web').logout()
    return response.redirect().toRoute('console.login')
  }
}
