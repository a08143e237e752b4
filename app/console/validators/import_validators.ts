import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { importUrl } from '#content/validators/import_run_validators'

/**
 * The console's "Import a website" form: the address of the site, with the API's rules
 * (startImportRun's `source.url`) and messages in an administrator's words.
 */
export const consoleImportValidator = vine.compile(vine.object({ url: importUrl() }))

consoleImportValidator.messagesProvider = new SimpleMessagesProvider({
  'url.required': 'Enter the address of the website to import.',
  'url.url': 'Enter a full web address starting with http:// or https://.',
  'url.maxLength': 'This address is too long (2048 characters at most).',
})
