import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { ApiClient } from '@japa/api-client'
import { assertAnswer } from '#tests/helpers/guards'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { validateContract } from '#tests/helpers/contract'
import { gitbookClient } from '#tests/helpers/gitbook_client'
import { insertPage, insertPngs } from '#tests/helpers/fixtures_content'
import AuthoringService from '#content/services/authoring_service'
import SpaceAccessService from '#spaces/services/space_access_service'
import { gitSyncFile, relativeFileLink } from '#content/markdown/relative_refs'
import { OFF_LOOP_CHARACTERS } from '#content/services/page_derivation'
import { applyChanges, createSpace, openChangeRequest } from './helpers.js'

/**
 * A change request holding, as a Git Sync checkout lays it out:
 *
 *   guides/README.md            (Guides)
 *   guides/intro.md             (Intro: links everywhere)
 *   guides/advanced/README.md   (Advanced)
 *   guides/advanced/tuning.md   (Tuning)
 *   reference/README.md         (Reference)
 *   reference/auth.md           (Auth)
 */
const INTRO = [
  'See [advanced](/pages/guides/advanced#setup), [tuning](/pages/guides/advanced/tuning),',
  '[auth](/pages/reference/auth#tokens), [home](/pages/guides), [top](/pages/guides/intro#top),',
  '![logo](./logo.png), [site](https://example.com/x) and [the reference][r].',
  '',
  '[r]: /pages/reference',
  '',
].join('\n')

async function layout(client: ApiClient) {
  const { admin, space, changeRequest } = await openChangeRequest(client, { subject: 'Refs' })
  const result = await applyChanges(client, admin, space.id, changeRequest.id, [
    insertPage('Welcome, start at [intro](intro.md).\n', { ref: 'g', slug: 'guides' }),
    insertPage(INTRO, { ref: 'i', into: 'g', slug: 'intro', title: 'Intro' }),
    insertPage('Advanced.\n', { ref: 'a', into: 'g', slug: 'advanced', title: 'Advanced' }),
    insertPage('Back to [intro](../intro.md) or [auth](../../reference/auth.md).\n', {
      ref: 't',
      into: 'a',
      slug: 'tuning',
      title: 'Tuning',
    }),
    insertPage('Reference.\n', { ref: 'r', slug: 'reference', title: 'Reference' }),
    insertPage('## Tokens\n\nAuth.\n', { ref: 'au', into: 'r', slug: 'auth', title: 'Auth' }),
    insertPngs('logo.png'),
  ])
  const [guides, intro, advanced, tuning, reference, auth] = result.changes.map(
    (change: any) => change.page.id
  )
  return {
    admin,
    space,
    changeRequest: result.changeRequest,
    base: `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`,
    pages: { guides, intro, advanced, tuning, reference, auth },
    file: result.insertedFiles[0],
  }
}

async function markdown(
  client: ApiClient,
  caller: Caller,
  url: string,
  refs?: 'relative' | 'stable'
): Promise<string> {
  const qs: Record<string, string> = { format: 'markdown' }
  if (refs) qs['format.markdown.refs'] = refs
  const response = await client.get(url).qs(qs).bearerToken(caller.token)
  response.assertStatus(200)
  // The contract's {pagePath} is one segment.
  validateContract('GET', url.replace(/\/path\/.*$/, '/path/x'), 200, response.body())
  return response.body().markdown
}

test.group('Markdown reads: format.markdown.refs', (group) => {
  eachTestInTransaction(group)

  test('stable gives the stored /pages/<id> and /files/<id> links', async ({ client, assert }) => {
    const { admin, base, pages, file } = await layout(client)
    const stable = await markdown(client, admin, `${base}/page/${pages.intro}`, 'stable')
    assert.include(stable, `[advanced](/pages/${pages.advanced}#setup)`)
    assert.include(stable, `[auth](/pages/${pages.auth}#tokens)`)
    assert.include(stable, `![logo](/files/${file.id})`)
    assert.include(stable, `[r]: /pages/${pages.reference}`)
  })

  test('relative (the default) gives links from the page file, anchors kept', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest, base, pages, file } = await layout(client)
    const expected = [
      'See [advanced](advanced/README.md#setup), [tuning](advanced/tuning.md),',
      '[auth](../reference/auth.md#tokens), [home](README.md), [top](intro.md#top),',
      `![logo](/files/${file.id}), [site](https://example.com/x) and [the reference][r].`,
      '',
      '[r]: ../reference/README.md',
      '',
    ].join('\n')
    assert.equal(await markdown(client, admin, `${base}/page/${pages.intro}`), expected)
    assert.equal(await markdown(client, admin, `${base}/page/${pages.intro}`, 'relative'), expected)
    // By path, and on the revision: the same answer.
    assert.equal(await markdown(client, admin, `${base}/path/guides/intro`), expected)
    const revision = `/v1/spaces/${space.id}/revisions/${changeRequest.revision}`
    assert.equal(await markdown(client, admin, `${revision}/page/${pages.intro}`), expected)
    assert.equal(await markdown(client, admin, `${revision}/path/guides/intro`), expected)

    // From a nested page's file, and from a README (a page with children).
    assert.equal(
      await markdown(client, admin, `${base}/page/${pages.tuning}`),
      'Back to [intro](../intro.md) or [auth](../../reference/auth.md).\n'
    )
    assert.equal(
      await markdown(client, admin, `${base}/page/${pages.guides}`),
      'Welcome, start at [intro](intro.md).\n'
    )
    // format=document ignores the option.
    const document = await client
      .get(`${base}/page/${pages.intro}`)
      .qs({ 'format.markdown.refs': 'stable' })
      .bearerToken(admin.token)
    assertAnswer(document, 200)
    assert.notProperty(document.body(), 'markdown')
  })

  test('the space current revision reads relative too', async ({ client, assert }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const access = await new SpaceAccessService().spaceFor(admin.user.id, space.id)
    const authoring = await app.container.make(AuthoringService)
    await authoring.applyToSpace(admin.user, access, [
      insertPage('Home.\n', { ref: 'h', slug: 'home', title: 'Home' }),
      insertPage('Up: [home](/pages/home#welcome).\n', { into: 'h', slug: 'child', title: 'C' }),
    ])
    const base = `/v1/spaces/${space.id}/content`
    assert.equal(
      await markdown(client, admin, `${base}/path/home/child`),
      'Up: [home](README.md#welcome).\n'
    )
    assert.match(
      await markdown(client, admin, `${base}/path/home/child`, 'stable'),
      /^Up: \[home\]\(\/pages\/[A-Za-z0-9]{20}#welcome\)\.\n$/
    )
  })

  test('what a relative read gives writes back to the same stored markdown', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest, base, pages } = await layout(client)
    const before: Record<string, string> = {}
    const relative: Record<string, string> = {}
    for (const id of Object.values(pages)) {
      before[id] = await markdown(client, admin, `${base}/page/${id}`, 'stable')
      relative[id] = await markdown(client, admin, `${base}/page/${id}`, 'relative')
    }
    assert.notEqual(relative[pages.intro], before[pages.intro])
    await applyChanges(
      client,
      admin,
      space.id,
      changeRequest.id,
      Object.values(pages).map((id) => ({
        operation: 'update_page',
        page: id,
        document: { markdown: relative[id] },
      }))
    )
    for (const id of Object.values(pages)) {
      assert.equal(await markdown(client, admin, `${base}/page/${id}`, 'stable'), before[id])
    }
  })

  test('a long document is rewritten from link sites made in a worker', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest, base, pages } = await layout(client)
    const filler = 'Lorem ipsum dolor sit amet. '.repeat(Math.ceil(OFF_LOOP_CHARACTERS / 28) + 10)
    const long = `${filler}\n\nSee [auth](/pages/${pages.auth}#tokens).\n`
    assert.isAbove(long.length, OFF_LOOP_CHARACTERS)
    await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'update_page', page: pages.tuning, document: { markdown: long } },
    ])
    const read = await markdown(client, admin, `${base}/page/${pages.tuning}`)
    assert.equal(read, `${filler}\n\nSee [auth](../../reference/auth.md#tokens).\n`)
  })

  test('bad refs values are 400; strangers get 404, no token 401', async ({ client, assert }) => {
    const { admin, base, pages } = await layout(client)
    const url = `${base}/page/${pages.intro}`
    for (const refs of ['absolute', 'RELATIVE']) {
      const response = await client
        .get(url)
        .qs({ 'format': 'markdown', 'format.markdown.refs': refs })
        .bearerToken(admin.token)
      assertAnswer(response, 400)
    }
    const stranger = await createCaller()
    const foreign = await client
      .get(url)
      .qs({ 'format': 'markdown', 'format.markdown.refs': 'relative' })
      .bearerToken(stranger.token)
    assertAnswer(foreign, 404)
    assert.notInclude(JSON.stringify(foreign.body()), 'advanced')
    assertAnswer(await client.get(url).qs({ format: 'markdown' }), 401)
  })

  test('through GitBookAPI: relative by default, stable on request', async ({ client, assert }) => {
    const { admin, space, changeRequest, pages } = await layout(client)
    const api = gitbookClient(admin.token)
    const { data: relative } = await api.spaces.getPageInRevisionById(
      space.id,
      changeRequest.revision,
      pages.tuning,
      { format: 'markdown' } as any
    )
    assert.equal(
      (relative as any).markdown,
      'Back to [intro](../intro.md) or [auth](../../reference/auth.md).\n'
    )
    const { data: stable } = await api.spaces.getPageInRevisionById(
      space.id,
      changeRequest.revision,
      pages.tuning,
      { 'format': 'markdown', 'format.markdown.refs': 'stable' } as any
    )
    assert.equal(
      (stable as any).markdown,
      `Back to [intro](/pages/${pages.intro}) or [auth](/pages/${pages.auth}).\n`
    )
  })
})

test.group('Markdown reads: relative links', () => {
  test('Git Sync files and the links between them', ({ assert }) => {
    const leaf = (path: string) => ({ path, children: [] })
    const parent = (path: string) => ({ path, children: [leaf(`${path}/x`)] as any[] })
    assert.deepEqual(gitSyncFile(leaf('a/b')), ['a', 'b.md'])
    assert.deepEqual(gitSyncFile(parent('a/b')), ['a', 'b', 'README.md'])
    assert.equal(relativeFileLink(['a', 'b.md'], ['a', 'c.md']), 'c.md')
    assert.equal(relativeFileLink(['a', 'b.md'], ['a', 'b.md']), 'b.md')
    assert.equal(relativeFileLink(['a', 'b.md'], ['d', 'README.md']), '../d/README.md')
    assert.equal(relativeFileLink(['a', 'b', 'README.md'], ['a', 'b', 'c.md']), 'c.md')
    assert.equal(relativeFileLink(['top.md'], ['a', 'b', 'c.md']), 'a/b/c.md')
    assert.equal(relativeFileLink(['a', 'b', 'c.md'], ['top.md']), '../../top.md')
    assert.equal(relativeFileLink(['a', 'b.md'], ['a', 'b', 'README.md']), 'b/README.md')
    assert.equal(relativeFileLink(['x.md'], ['caf\u00e9.md']), 'caf%C3%A9.md')
  })
})
