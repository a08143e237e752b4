import router from '@adonisjs/core/services/router'

router.get('/', ({ response }) => response.redirect('/console'))
