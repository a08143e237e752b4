import type { HttpContext } from '@adonisjs/core/http'
import { safeReturnTo } from '#console/http/return_to'

/**
 * GET /console/login: the sign-in form. Failed attempts come back here with their errors flashed
 * (the `errors` prop shared by the Inertia middleware). `?return=` names the console page to open
 * once signed in (anything but a console path of this server is dropped).
 */
export default class ShowLoginController {
  handle({ inertia, request }: HttpContext) {
    return inertia.render('auth/login', { returnTo: safeReturnTo(request.qs().return) })
  }
}
