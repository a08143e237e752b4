import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import db from '@adonisjs/lucid/services/db'
import { sendMalformedJson } from '#tests/helpers/fixtures_change_requests'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { createSpace } from '../content/helpers.js'
import { listComments, postComment, snapshot, spaceWithPages } from './helpers.js'

test.group('Space comments: post and read', (group) => {
  eachTestInTransaction(group)

  test('posts on the space, on a page and on a heading; reads them back', async ({
    client,
    assert,
  }) => {
    const { admin, space, pages } = await spaceWithPages(client)
    const base = `/v1/spaces/${space.id}`

    const { revision_id: current } = await db.from('spaces').where('id', space.id).first()
    const plain = await postComment(client, admin, base, { body: { markdown: 'Looks **good**' } })
    assert.equal(plain.object, 'comment')
    assert.equal(plain.status, 'open')
    assert.deepEqual(plain.body, { markdown: 'Looks **good**' })
    assert.deepEqual(plain.target, { space: space.id, revision: current })
    assert.equal(plain.postedBy.id, admin.user.id)
    assert.equal(plain.replies, 0)
    assert.deepEqual(plain.repliers, [])
    assert.deepEqual(plain.reactions, [])
    assert.notProperty(plain, 'editedAt')
    assert.notProperty(plain, 'resolvedAt')
    assert.deepEqual(plain.permissions, { view: true, edit: true, reply: true, delete: true })
    assert.match(plain.urls.location, new RegExp(`/v1/spaces/${space.id}/comments/${plain.id}$`))

    const onNode = await postComment(client, admin, base, {
      body: { markdown: 'Step missing' },
      page: pages.guide,
      node: 'install',
    })
    assert.equal(onNode.target.revision, current)
    assert.deepInclude(onNode.target.page, {
      id: pages.guide,
      title: 'Guide',
      emoji: '1f4d8',
      path: 'guide',
      outdated: false,
    })
    assert.deepEqual(onNode.target.node, { id: 'install', preview: 'Install' })
    assert.notProperty(onNode.target, 'changeRequest')

    // A JSON document body is stored as markdown.
    const fromDocument = await postComment(client, admin, base, {
      page: pages.faq,
      body: {
        document: {
          object: 'document',
          nodes: [
            {
              object: 'block',
              type: 'paragraph',
              nodes: [
                { object: 'text', leaves: [{ object: 'leaf', text: 'From JSON', marks: [] }] },
              ],
            },
          ],
        },
      },
    })
    assert.deepEqual(fromDocument.body, { markdown: 'From JSON\n' })
    assert.notProperty(fromDocument.target, 'node')

    const read = await client.get(`${base}/comments/${onNode.id}`).bearerToken(admin.token)
    assertAnswer(read, 200)
    assert.deepEqual(read.body(), onNode)

    const asDocument = await client
      .get(`${base}/comments/${plain.id}`)
      .qs({ format: 'document' })
      .bearerToken(admin.token)
    assertAnswer(asDocument, 200)
    assert.equal(asDocument.body().body.document.object, 'document')
    assert.notProperty(asDocument.body().body, 'markdown')

    const stored = await db.from('comments').where('id', onNode.id).first()
    assert.equal(stored.revision_id, current)
    assert.equal(stored.page_id, pages.guide)
    assert.isString(stored.page_document)
    assert.equal(stored.node_id, 'install')
  })

  test('refuses bad bodies and targets, storing nothing', async ({ client, assert }) => {
    const { admin, space, pages } = await spaceWithPages(client)
    const base = `/v1/spaces/${space.id}`
    const before = await snapshot(space.id)
    const cases: [unknown, RegExp][] = [
      [{}, /body/],
      [{ body: null }, /body/],
      [{ body: 'text' }, /body/],
      [{ body: {} }, /body/],
      [{ body: { markdown: '   \n\t' } }, /body/],
      [{ body: { markdown: 12 } }, /markdown/],
      [{ body: { markdown: 'a'.repeat(20_001) } }, /20000/],
      [{ body: { markdown: 'x', document: { object: 'document', nodes: [] } } }, /either/],
      [{ body: { document: { object: 'nope' } } }, /document/],
      [{ body: { document: { object: 'document', nodes: [] } } }, /empty/],
      [{ body: { markdown: 'x' }, page: 5 }, /page/],
      [{ body: { markdown: 'x' }, page: null }, /page/],
      [{ body: { markdown: 'x' }, page: 'AAAAAAAAAAAAAAAAAAAA' }, /page/],
      [{ body: { markdown: 'x' }, node: 'install' }, /node/],
      [{ body: { markdown: 'x' }, page: pages.guide, node: 'nowhere' }, /node/],
      [{ body: { markdown: 'x' }, page: pages.faq, node: 'install' }, /node/],
      [{ body: { markdown: 'x' }, page: pages.guide, node: 'n'.repeat(129) }, /node/],
      [{ body: { markdown: 'x' }, tableCell: { record: 'r', definition: 'd' } }, /tableCell/],
    ]
    for (const [body, message] of cases) {
      const response = await client.post(`${base}/comments`).bearerToken(admin.token).json(body)
      assertAnswer(response, 400)
      assert.match(response.body().error.message, message, JSON.stringify(body).slice(0, 80))
    }
    // 20,000 characters exactly pass, counted as code points.
    await postComment(client, admin, base, { body: { markdown: '😀'.repeat(20_000) } })
    await db.from('comments').where('space_id', space.id).delete()

    const malformed = await sendMalformedJson(
      client,
      admin,
      'post',
      `${base}/comments`,
      '{"body": {'
    )
    assertAnswer(malformed, 400)
    assert.deepEqual(await snapshot(space.id), before)
  })
})

test.group('Space comments: lists', (group) => {
  eachTestInTransaction(group)

  test('pages newest first by default, oldest first with order=asc, with filters', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest, pages } = await spaceWithPages(client)
    const writer = await createCaller({ organizationId: admin.organizationId, role: 'comment' })
    const base = `/v1/spaces/${space.id}`
    const posted: any[] = []
    for (let i = 0; i < 5; i++) {
      const author = i % 2 === 0 ? admin : writer
      posted.push(
        await postComment(client, author, base, {
          body: { markdown: `Comment ${i}` },
          ...(i < 2 ? { page: pages.faq } : {}),
        })
      )
    }
    // A change request's discussion is not the space's.
    await postComment(client, admin, `${base}/change-requests/${changeRequest.id}`, {
      body: { markdown: 'In the CR' },
    })
    await client
      .put(`${base}/comments/${posted[1].id}`)
      .bearerToken(admin.token)
      .json({ resolved: true })

    const walk = async (qs: Record<string, unknown>) => {
      const ids: string[] = []
      let page: string | undefined
      do {
        const body = await listComments(client, admin, base, {
          ...qs,
          limit: 2,
          ...(page ? { page } : {}),
        })
        assert.isAtMost(body.items.length, 2)
        ids.push(...body.items.map((item: any) => item.id))
        page = body.next?.page
        assert.equal(body.count, ids.length + (page ? body.count - ids.length : 0))
      } while (page)
      return ids
    }
    const ids = posted.map((comment) => comment.id)
    assert.deepEqual(await walk({}), [...ids].reverse())
    assert.deepEqual(await walk({ order: 'desc' }), [...ids].reverse())
    assert.deepEqual(await walk({ order: 'asc' }), ids)
    assert.deepEqual(await walk({ status: 'resolved' }), [ids[1]])
    assert.deepEqual(await walk({ status: 'open', order: 'asc' }), [ids[0], ids[2], ids[3], ids[4]])
    assert.deepEqual(await walk({ targetPage: pages.faq, order: 'asc' }), [ids[0], ids[1]])
    assert.deepEqual(await walk({ targetPage: 'AAAAAAAAAAAAAAAAAAAA' }), [])
    assert.deepEqual(await walk({ authors: writer.user.id, order: 'asc' }), [ids[1], ids[3]])
    // Repeated and comma-separated authors alike.
    const both = await client
      .get(`${base}/comments?authors=${writer.user.id}&authors=${admin.user.id}&order=asc`)
      .bearerToken(admin.token)
    assertAnswer(both, 200)
    assert.deepEqual(
      both.body().items.map((item: any) => item.id),
      ids
    )
    const comma = await listComments(client, admin, base, {
      authors: `${admin.user.id},${writer.user.id}`,
      order: 'asc',
    })
    assert.deepEqual(
      comma.items.map((item: any) => item.id),
      ids
    )
    const bracketed = await client
      .get(`${base}/comments?authors[]=${writer.user.id}`)
      .bearerToken(admin.token)
    bracketed.assertStatus(200)
    assert.equal(bracketed.body().count, 2)

    const asDocuments = await listComments(client, admin, base, { format: 'document', limit: 1 })
    assert.equal(asDocuments.items[0].body.document.object, 'document')
    assert.equal(asDocuments.count, 5)
    assert.property(asDocuments, 'next')
  })

  test('refuses bad list parameters', async ({ client, assert }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const base = `/v1/spaces/${space.id}/comments`
    for (const query of [
      'limit=1001',
      'limit=0',
      'limit=abc',
      'limit=1&limit=2',
      'order=sideways',
      'status=closed',
      'format=html',
      'page=not-a-cursor',
      'authors[x]=a',
      'targetPage=' + 'p'.repeat(65),
    ]) {
      const response = await client.get(`${base}?${query}`).bearerToken(admin.token)
      assertAnswer(response, 400)
      assert.match(
        response.body().error.message,
        /limit|order|status|format|page|authors|targetPage/
      )
    }
  })
})
