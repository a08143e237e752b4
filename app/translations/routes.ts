import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ListTranslationSettingsController = () =>
  import('#translations/controllers/list_translation_settings_controller')
const CreateTranslationSettingsController = () =>
  import('#translations/controllers/create_translation_settings_controller')
const ShowTranslationSettingsController = () =>
  import('#translations/controllers/show_translation_settings_controller')
const ReplaceTranslationSettingsController = () =>
  import('#translations/controllers/replace_translation_settings_controller')
const DeleteTranslationSettingsController = () =>
  import('#translations/controllers/delete_translation_settings_controller')

router
  .group(() => {
    router
      .get('/orgs/:organizationId/translations', [ListTranslationSettingsController])
      .use(middleware.scope('organization:read'))
    router
      .post('/orgs/:organizationId/translations', [CreateTranslationSettingsController])
      .use(middleware.scope('organization:write'))
    router
      .get('/orgs/:organizationId/translations/:translationSettingsId', [
        ShowTranslationSettingsController,
      ])
      .use(middleware.scope('organization:read'))
    router
      .put('/orgs/:organizationId/translations/:translationSettingsId', [
        ReplaceTranslationSettingsController,
      ])
      .use(middleware.scope('organization:write'))
    router
      .delete('/orgs/:organizationId/translations/:translationSettingsId', [
        DeleteTranslationSettingsController,
      ])
      .use(middleware.scope('organization:write'))
  })
  .prefix('/v1')
  .use(middleware.apiAuth())
