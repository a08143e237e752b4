import vine from '@vinejs/vine'
import { createChangeRequestValidator } from '#change_requests/validators/change_request_validators'
import { pageEmoji, pageMarkdown, pageTitle } from '#content/validators/content_change_validator'

/**
 * The console's writing forms, each one authoring batch of the API's rules: page titles, emoji and
 * markdown are held to what the API's batch validator allows (an empty title is an error, never
 * "Untitled").
 */

const pageId = vine.string().trim().minLength(1).maxLength(64)
const revisionId = vine.string().trim().minLength(1).maxLength(64)

/** "New change request" on a space's page: the API's body (its subject). */
export const consoleCreateChangeRequestValidator = createChangeRequestValidator

/** The page editor's Save: the page's title, emoji and markdown, and the head it was opened on. */
export const consoleSavePageValidator = vine.compile(
  vine.object({
    title: pageTitle.clone(),
    emoji: pageEmoji.clone().optional(),
    markdown: pageMarkdown.clone().optional(),
    baseRevisionId: revisionId.clone(),
  })
)

/** The page editor's Preview: the markdown as it is in the editor. */
export const consolePreviewValidator = vine.compile(
  vine.object({ markdown: pageMarkdown.clone().optional() })
)

/** "New page" in a change request's tree: its title, under a page or at the top. */
export const consoleInsertPageValidator = vine.compile(
  vine.object({ title: pageTitle.clone(), parent: pageId.clone().optional() })
)

/** Renaming a page of the tree. */
export const consoleRenamePageValidator = vine.compile(vine.object({ title: pageTitle.clone() }))

/**
 * Moving a page of the tree: under another page or to the top (`parent` empty), at a position among
 * its new siblings (the end when absent).
 */
export const consoleMovePageValidator = vine.compile(
  vine.object({
    parent: pageId.clone().optional(),
    position: vine.number().withoutDecimals().min(0).max(100_000).optional(),
  })
)

/** An upload into a change request: one file (its size and type are the API's batch rules). */
export const consoleUploadValidator = vine.compile(vine.object({ file: vine.file() }))
