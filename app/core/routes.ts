import router from '@adonisjs/core/services/router'

/**
 * Liveness probe for load balancers and process managers. It touches no database on purpose: it
 * says the process serves requests, and it is the bare baseline `npm run bench` compares against.
 */
router.get('/health', () => ({ status: 'ok' }))
