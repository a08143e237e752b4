import vine from '@vinejs/vine'
import { singleEmoji } from '#core/http/validation'

/**
 * The console's comment forms. A body's exact rules (not empty, its length in markdown) are the
 * comments domain's, checked by its service (Discussions); this bounds the raw input only.
 */
const body = vine.string().maxLength(100_000)

/** New thread (optionally on a page), reply, or edit: the body as markdown. */
export const consoleCommentValidator = vine.compile(
  vine.object({
    body,
    page: vine.string().trim().minLength(1).maxLength(64).optional(),
  })
)

/** Resolve or reopen a thread. */
export const consoleResolveCommentValidator = vine.compile(
  vine.object({ resolved: vine.boolean() })
)

/** A reaction button: one emoji (a stored reaction key holds at most 8 code points). */
export const consoleReactionValidator = vine.compile(
  vine.object({ emoji: vine.string().use(singleEmoji({ maxCodePoints: 8 })) })
)
