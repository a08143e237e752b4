import vine from '@vinejs/vine'
import { maxCharacters } from '#core/http/validation'

/**
 * Language codes GitBook translates into (`TranslationLanguage` of the @gitbook/api document).
 */
export const TRANSLATION_LANGUAGES = [
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'pt-br',
  'ru',
  'ja',
  'zh',
  'zh-tw',
  'yue',
  'ko',
  'ar',
  'hi',
  'nl',
  'pl',
  'tr',
  'sv',
  'no',
  'da',
  'fi',
  'el',
  'cs',
  'hu',
  'ro',
  'th',
  'vi',
  'id',
  'ms',
  'he',
  'uk',
  'sk',
  'bg',
  'hr',
  'lt',
  'lv',
  'et',
  'sl',
] as const

export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number]

/**
 * POST and PUT bodies: PUT replaces the whole record, so both take the same fields (`title`
 * required, 1..100 after trimming; `languages` distinct language codes, empty when omitted).
 */
export const translationSettingsValidator = vine.compile(
  vine.object({
    title: vine
      .string()
      .trim()
      .minLength(1)
      .use(maxCharacters({ max: 100 })),
    languages: vine.array(vine.enum(TRANSLATION_LANGUAGES)).distinct().optional(),
  })
)
