import { BadRequestException } from '#core/exceptions/api_exceptions'
import { documentToMarkdown } from '#content/markdown/from_document'
import { InvalidPageSourceError } from '#content/markdown/front_matter'
import { assertContentLimits } from '#content/markdown/parse'
import { ContentLimitError } from '#content/markdown/limits'
import { hashObject } from '#content/services/content_store'
import { pageBody } from '#content/serializers/page_body'
import { OFF_LOOP_CHARACTERS, readPageDocument } from '#content/services/page_derivation'
import { prepareConvertedJson } from '#content/services/document_json'
import { MAX_BODY_CHARACTERS } from '#comments/validators/comment_validators'

export type BodyFormat = 'document' | 'markdown'

/** A body as sent: GitBook's Document, `{markdown}` or `{document}`. */
export type BodyInput = { markdown?: string; document?: unknown }

/**
 * The markdown a comment stores for a body as sent: `{markdown}` as written, or GitBook's
 * `{document}` converted. Exactly one of them; it must say something and stay within
 * MAX_BODY_CHARACTERS (counted on the markdown, in code points). `field`: what errors name (a
 * review's comment arrives as `comment`).
 */
export async function markdownFromBody(body: BodyInput, field = 'body'): Promise<string> {
  const hasMarkdown = body.markdown !== undefined
  const hasDocument = body.document !== undefined
  if (hasMarkdown === hasDocument) {
    throw BadRequestException.invalid({
      field,
      message: `The ${field} must have either markdown or a JSON document, not both or neither`,
      rule: 'contentBody',
    })
  }
  let markdown: string
  if (hasMarkdown) {
    markdown = body.markdown!
  } else {
    try {
      markdown = documentToMarkdown(body.document)
    } catch (error) {
      if (!(error instanceof InvalidPageSourceError)) throw error
      throw BadRequestException.invalid({
        field: `${field}.document`,
        message: error.message,
        rule: 'document',
      })
    }
  }
  if (markdown.trim() === '') {
    throw BadRequestException.invalid({
      field,
      message: `The ${field} must not be empty`,
      rule: 'required',
    })
  }
  if ([...markdown].length > MAX_BODY_CHARACTERS) {
    throw BadRequestException.invalid({
      field,
      message: `The ${field} must not be greater than ${MAX_BODY_CHARACTERS} characters`,
      rule: 'maxLength',
      meta: { max: MAX_BODY_CHARACTERS },
    })
  }
  try {
    // A long body is checked in a worker thread, as long page documents are.
    if (markdown.length >= OFF_LOOP_CHARACTERS) await readPageDocument(markdown, false)
    else assertContentLimits(markdown)
  } catch (error) {
    if (!(error instanceof ContentLimitError)) throw error
    throw BadRequestException.invalid({ field, message: error.message, rule: 'contentLimits' })
  }
  return markdown
}

/**
 * A stored body on the wire: `{markdown}` (the default) or `{document}` for format=document, as page
 * bodies answer; conversions are cached by content hash, as theirs are.
 */
export function serializeBody(markdown: string, format: BodyFormat = 'markdown') {
  return format === 'markdown'
    ? { markdown }
    : pageBody(hashObject('document', markdown), markdown, format)
}

/**
 * Readies the format=document conversions of long bodies, in a worker thread, for serializeBody
 * (synchronous) to find them cached; short ones convert in place when serialized.
 */
export async function prepareBodies(bodies: string[], format: BodyFormat = 'markdown') {
  if (format === 'document') await prepareConvertedJson(bodies)
}
