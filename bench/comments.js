/*
| The comments bench: 10,000 comments on one space (inserted directly in the database: posting them
| through the API would measure posting), then `GET /v1/spaces/{id}/comments?limit=100` paged to the
| end, newest first and oldest first. Keyset pages cost the same wherever they are: the last page
| should take what the first takes.
|
|   node bench/comments.js                SQLite (a fresh tmp/bench-comments.sqlite3)
|   node bench/comments.js --mysql        MySQL/MariaDB (database bindery_bench_comments, recreated)
|   node bench/comments.js --comments=50000
|
| `npm run bench` runs it too, on the same server (`--no-comments` skips it). It prints figures and
| exits 0; nothing is asserted.
*/
import { randomBytes } from 'node:crypto'
import { expectOk, request } from './content.js'
import { ms, openDatabase, quantile, rssMiB, runStandalone } from './server.js'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

function randomId() {
  return Array.from(randomBytes(20), (byte) => ALPHABET[byte % 62]).join('')
}

/** `yyyy-MM-dd HH:mm:ss.SSS` in UTC, as Bindery stores timestamps. */
function sqlTimestamp(date) {
  return date.toISOString().replace('T', ' ').replace('Z', '')
}

/** A request that must succeed: its JSON and the time it took. */
async function api(base, token, method, path, body) {
  const answer = await request(base, token, method, path, body)
  return { json: expectOk(answer, `${method} ${path}`), elapsed: answer.elapsed }
}

/** Pages through a list to its end; the time of every page. */
async function walk(base, token, path) {
  const times = []
  let items = 0
  let page
  do {
    const separator = path.includes('?') ? '&' : '?'
    const { json, elapsed } = await api(
      base,
      token,
      'GET',
      `${path}${page ? `${separator}page=${encodeURIComponent(page)}` : ''}`
    )
    times.push(elapsed)
    items += json.items.length
    page = json.next?.page
  } while (page)
  return { times, items }
}

/**
 * The comments bench against a running server: a new space of `organizationId` gets `comments`
 * comments, then their list is paged through. Prints a table and returns its rows.
 */
export async function runCommentsBench({
  base,
  token,
  organizationId,
  setup,
  serverPid,
  comments = 10_000,
}) {
  const { json: user } = await api(base, token, 'GET', '/v1/user')
  const { json: space } = await api(base, token, 'POST', `/v1/orgs/${organizationId}/spaces`, {
    title: 'Comments bench',
  })
  const database = await openDatabase(setup, { writable: true })
  const started = Date.UTC(2026, 0, 1)
  try {
    for (let offset = 0; offset < comments; offset += 500) {
      const rows = []
      for (let i = offset; i < Math.min(comments, offset + 500); i++) {
        rows.push({
          id: randomId(),
          space_id: space.id,
          change_request_id: null,
          parent_id: null,
          posted_by_id: user.id,
          body: `Comment ${i + 1}: the wording of this paragraph could be clearer.`,
          revision_id: space.revision,
          status: i % 10 === 0 ? 'resolved' : 'open',
          replies_count: 0,
          // Every tenth pair shares its millisecond, so pages also break ties by id.
          posted_at: sqlTimestamp(new Date(started + (i - (i % 20 === 1 ? 1 : 0)) * 1000)),
        })
      }
      await database.insert('comments', rows)
    }
  } finally {
    await database.close()
  }

  const rows = []
  for (const order of ['desc', 'asc']) {
    const { times, items } = await walk(
      base,
      token,
      `/v1/spaces/${space.id}/comments?limit=100&order=${order}`
    )
    if (items !== comments)
      throw new Error(`paging ${order} listed ${items} comments, not ${comments}`)
    rows.push({
      'walk': `GET /v1/spaces/{id}/comments?limit=100&order=${order}`,
      'pages': times.length,
      'first page ms': ms(times[0]),
      'median page ms': ms(quantile(times, 0.5)),
      'last page ms': ms(times[times.length - 1]),
      'p95 page ms': ms(quantile(times, 0.95)),
    })
  }
  const { json: spaceRead } = await api(base, token, 'GET', `/v1/spaces/${space.id}`)
  console.log(
    `\nComments bench — ${setup.mysql ? 'MySQL' : 'SQLite'}: ${comments} comments on one space (${spaceRead.comments} open)\n`
  )
  console.table(rows)
  console.log(`server memory: ${rssMiB(serverPid)} MiB RSS`)
  return rows
}

await runStandalone(
  import.meta.url,
  { port: 3397, sqlite: 'tmp/bench-comments.sqlite3', database: 'bindery_bench_comments' },
  (context, args) => runCommentsBench({ ...context, comments: Number(args.comments ?? 10_000) })
)
