import { apiRoutes } from '#core/http/api_routes'

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

const TRANSLATIONS = '/orgs/:organizationId/translations'
const SETTINGS = `${TRANSLATIONS}/:translationSettingsId`

apiRoutes([
  ['get', TRANSLATIONS, ListTranslationSettingsController, 'organization:read'],
  ['post', TRANSLATIONS, CreateTranslationSettingsController, 'organization:write'],
  ['get', SETTINGS, ShowTranslationSettingsController, 'organization:read'],
  ['put', SETTINGS, ReplaceTranslationSettingsController, 'organization:write'],
  ['delete', SETTINGS, DeleteTranslationSettingsController, 'organization:write'],
])
