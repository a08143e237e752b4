import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

router
  .group(() => {})
  .prefix('/v1')
  .use(middleware.apiAuth())
