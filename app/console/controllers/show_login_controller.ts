import type { HttpContext } from '@adonisjs/core/http'

/**
 * GET /console/login: the sign-in form. Failed attempts come back here with their errors flashed
 * (the `errors` prop shared by the Inertia middleware).
 */
export default class ShowLoginController {
  handle({ inertia }: HttpContext) {
    return inertia.render('auth/login')
  }
}
