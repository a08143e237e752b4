import router from '@adonisjs/core/services/router'

/**
 * Named middleware of the console's routes, defined by the console itself (router.named only turns
 * the collection into functions routes can use; nothing is registered globally): removing the
 * console's provider removes them. `session` is the kernel's one, shared with SSO.
 */
export const consoleMiddleware = router.named({
  consoleNoStore: () => import('#console/middleware/console_no_store_middleware'),
  boundedFlashInput: () => import('#console/middleware/bounded_flash_input_middleware'),
  consolePrivatePages: () => import('#console/middleware/console_private_pages_middleware'),
  shield: () => import('@adonisjs/shield/shield_middleware'),
  inertia: () => import('@adonisjs/inertia/inertia_middleware'),
  consoleSharedData: () => import('#console/middleware/console_shared_data_middleware'),
  consoleAuth: () => import('#console/middleware/console_auth_middleware'),
  consoleGuest: () => import('#console/middleware/console_guest_middleware'),
})
