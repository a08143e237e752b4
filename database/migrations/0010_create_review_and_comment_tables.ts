import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The change request lifecycle and discussions: merge rules of a space, conflicts an update left in a
 * change request, requested reviewers, reviews, and comments (space and change request comments,
 * their replies, and emoji reactions on both).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('spaces', (table) => {
      // GitBook's MergeRulesSpaceConfiguration as JSON; null: inherit from the organization.
      table.text('merge_rules').nullable()
    })

    this.schema.alterTable('change_requests', (table) => {
      // JSON array of the page ids an update left conflicting (markers in their documents); null: none.
      table.text('conflicts').nullable()
    })

    this.schema.createTable('change_request_requested_reviewers', (table) => {
      table
        .string('change_request_id', 20)
        .notNullable()
        .references('id')
        .inTable('change_requests')
        .onDelete('CASCADE')
      table
        .string('user_id', 20)
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table
        .string('requested_by_id', 20)
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      // Head revision of the change request when the review was requested.
      table.string('revision_id', 20).notNullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.primary(['change_request_id', 'user_id'])
    })

    this.schema.createTable('change_request_reviews', (table) => {
      table.string('id', 20).primary()
      table
        .string('change_request_id', 20)
        .notNullable()
        .references('id')
        .inTable('change_requests')
        .onDelete('CASCADE')
      table
        .string('reviewer_id', 20)
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table
        .string('requested_by_id', 20)
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      // approved | changes-requested
      table.string('status', 24).notNullable()
      // Head revision of the change request that was reviewed: a later change outdates the review.
      table.string('revision_id', 20).notNullable()
      // The review's comment, when one was given (a comment of the change request).
      table.string('comment_id', 20).nullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.index(['change_request_id', 'created_at', 'id'])
    })

    // Comments and their replies (parent_id set) in one table: replies share bodies, edits and
    // reactions with comments.
    this.schema.createTable('comments', (table) => {
      table.string('id', 20).primary()
      table
        .string('space_id', 20)
        .notNullable()
        .references('id')
        .inTable('spaces')
        .onDelete('CASCADE')
      // Null: a comment on the space's content; else a comment in that change request.
      table
        .string('change_request_id', 20)
        .nullable()
        .references('id')
        .inTable('change_requests')
        .onDelete('CASCADE')
      // Null: a comment; else a reply to that comment.
      table
        .string('parent_id', 20)
        .nullable()
        .references('id')
        .inTable('comments')
        .onDelete('CASCADE')
      table.string('review_id', 20).nullable()
      table
        .string('posted_by_id', 20)
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      // Markdown.
      table.text('body', 'mediumtext').notNullable()
      // Target: the revision the comment was posted on, the page (and the document hash it then had,
      // so a later change of the page marks the comment outdated) and the node within it.
      table.string('revision_id', 20).nullable()
      table.string('page_id', 20).nullable()
      table.string('page_document', 64).nullable()
      table.string('node_id', 128).nullable()
      // open | resolved (comments only)
      table.string('status', 12).notNullable().defaultTo('open')
      table.datetime('resolved_at', { precision: 3 }).nullable()
      table
        .string('resolved_by_id', 20)
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.integer('replies_count').notNullable().defaultTo(0)
      table.datetime('posted_at', { precision: 3 }).notNullable()
      table.datetime('edited_at', { precision: 3 }).nullable()
      table.index(['space_id', 'change_request_id', 'parent_id', 'posted_at', 'id'])
      table.index(['parent_id', 'posted_at', 'id'])
      table.index(['posted_by_id'])
    })

    this.schema.createTable('comment_reactions', (table) => {
      table
        .string('comment_id', 20)
        .notNullable()
        .references('id')
        .inTable('comments')
        .onDelete('CASCADE')
      table
        .string('user_id', 20)
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('emoji', 32).notNullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.primary(['comment_id', 'emoji', 'user_id'])
    })
  }

  async down() {
    this.schema.dropTable('comment_reactions')
    this.schema.dropTable('comments')
    this.schema.dropTable('change_request_reviews')
    this.schema.dropTable('change_request_requested_reviewers')
    this.schema.alterTable('change_requests', (table) => {
      table.dropColumn('conflicts')
    })
    this.schema.alterTable('spaces', (table) => {
      table.dropColumn('merge_rules')
    })
  }
}
