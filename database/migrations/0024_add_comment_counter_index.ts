import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A space's read counts its open comments in its own query (CommentCounterSource.countersSql):
 * with the status in the index the count reads the index alone, however many comments the space
 * has had.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('comments', (table) => {
      table.index(
        ['space_id', 'status', 'change_request_id', 'parent_id'],
        'comments_open_count_index'
      )
    })
  }

  async down() {
    this.schema.alterTable('comments', (table) => {
      table.dropIndex([], 'comments_open_count_index')
    })
  }
}
