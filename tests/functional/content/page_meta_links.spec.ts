import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { ApiClient } from '@japa/api-client'
import { assertAnswer, assertTokenGuards } from '#tests/helpers/guards'
import { assertClientError } from '#tests/helpers/client_errors'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { validateContract } from '#tests/helpers/contract'
import { gitbookClient } from '#tests/helpers/gitbook_client'
import { insertPage } from '#tests/helpers/fixtures_content'
import AuthoringService from '#content/services/authoring_service'
import SpaceAccessService from '#spaces/services/space_access_service'
import { serializePageMetaLinks } from '#content/serializers/meta_links_serializer'
import { applyChanges, createChangeRequest, createSpace } from './helpers.js'

/** A space with a page on its current revision and another on an open change request. */
async function spaceWithPages(client: ApiClient) {
  const admin = await createCaller()
  const space = await createSpace(client, admin)
  const access = await new SpaceAccessService().spaceFor(admin.user.id, space.id)
  const authoring = await app.container.make(AuthoringService)
  await authoring.applyToSpace(admin.user, access, [
    insertPage('Home, see [next](/pages/next).\n', { slug: 'home', title: 'Home' }),
    insertPage('Next.\n', { slug: 'next', title: 'Next' }),
  ])
  const content = await client.get(`/v1/spaces/${space.id}/content`).bearerToken(admin.token)
  const pages = content.body().pages.map((page: any) => page.id)
  const changeRequest = await createChangeRequest(client, admin, space.id)
  const added = await applyChanges(client, admin, space.id, changeRequest.id, [
    insertPage('Draft.\n', { slug: 'draft', title: 'Draft' }),
  ])
  return {
    admin,
    space,
    home: pages[0] as string,
    draft: added.changes[0].page.id as string,
    changeRequest: added.changeRequest,
  }
}

test.group('Page meta links', (group) => {
  eachTestInTransaction(group)

  test('space, change request and revision answer GitBook RevisionPageMetaLinks', async ({
    client,
    assert,
  }) => {
    const { admin, space, home, draft, changeRequest } = await spaceWithPages(client)
    const urls = [
      `/v1/spaces/${space.id}/content/page/${home}/meta-links`,
      `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content/page/${draft}/meta-links`,
      `/v1/spaces/${space.id}/change-requests/${changeRequest.number}/content/page/${home}/meta-links`,
      `/v1/spaces/${space.id}/revisions/${changeRequest.revision}/page/${draft}/meta-links`,
    ]
    for (const url of urls) {
      const response = await client.get(url).bearerToken(admin.token)
      assertAnswer(response, 200)
      validateContract('GET', url, 200, response.body())
      // Bindery keeps no canonical or alternate links for pages.
      assert.deepEqual(response.body(), { alternates: [] })
    }
  })

  test('unknown and foreign pages, spaces, revisions: 404, never data', async ({ client }) => {
    const { admin, space, home, draft, changeRequest } = await spaceWithPages(client)
    const unknown = 'abcdefghijklmnopqrst'
    for (const url of [
      `/v1/spaces/${space.id}/content/page/${unknown}/meta-links`,
      // A page of the change request only, asked of the space's current revision.
      `/v1/spaces/${space.id}/content/page/${draft}/meta-links`,
      `/v1/spaces/${unknown}/content/page/${home}/meta-links`,
      `/v1/spaces/${space.id}/change-requests/${unknown}/content/page/${home}/meta-links`,
      `/v1/spaces/${space.id}/revisions/${unknown}/page/${home}/meta-links`,
    ]) {
      assertAnswer(await client.get(url).bearerToken(admin.token), 404)
    }

    const stranger = await createCaller()
    const own = await createSpace(client, stranger)
    for (const url of [
      `/v1/spaces/${space.id}/content/page/${home}/meta-links`,
      `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content/page/${draft}/meta-links`,
      `/v1/spaces/${space.id}/revisions/${changeRequest.revision}/page/${draft}/meta-links`,
      // The stranger's own space naming the other space's revision and change request.
      `/v1/spaces/${own.id}/revisions/${changeRequest.revision}/page/${draft}/meta-links`,
      `/v1/spaces/${own.id}/change-requests/${changeRequest.id}/content/page/${draft}/meta-links`,
    ]) {
      assertAnswer(await client.get(url).bearerToken(stranger.token), 404)
    }
  })

  test('no or wrong token 401, a token without space:read 403', async ({ client }) => {
    const { admin, space, home } = await spaceWithPages(client)
    await assertTokenGuards(admin.user, [
      {
        send: () => client.get(`/v1/spaces/${space.id}/content/page/${home}/meta-links`),
        scope: 'space:read',
      },
    ])
  })

  test('through GitBookAPI, the three operations', async ({ client, assert }) => {
    const { admin, space, home, draft, changeRequest } = await spaceWithPages(client)
    const api = gitbookClient(admin.token)
    const bySpace = await api.spaces.listSpacePageMetaLinks(space.id, home)
    assert.deepEqual(bySpace.data, { alternates: [] })
    const byChangeRequest = await api.spaces.listChangeRequestPageMetaLinks(
      space.id,
      changeRequest.id,
      draft
    )
    assert.deepEqual(byChangeRequest.data, { alternates: [] })
    const byRevision = await api.spaces.listRevisionPageMetaLinks(
      space.id,
      changeRequest.revision,
      draft
    )
    assert.deepEqual(byRevision.data, { alternates: [] })
    await assertClientError(assert, api.spaces.listSpacePageMetaLinks(space.id, draft), 404)
  })
})

test.group('Page meta links / serializer', () => {
  test('canonical and alternates take GitBook shapes', ({ assert }) => {
    const body = serializePageMetaLinks({
      canonical: { kind: 'url', url: 'https://example.com/a' },
      alternates: [
        { kind: 'page', page: 'abcdefghijklmnopqrst', space: 'bcdefghijklmnopqrstu' },
        { kind: 'page', page: 'abcdefghijklmnopqrst' },
      ],
    })
    assert.deepEqual(body, {
      canonical: { kind: 'url', url: 'https://example.com/a' },
      alternates: [
        { kind: 'page', page: 'abcdefghijklmnopqrst', space: 'bcdefghijklmnopqrstu' },
        { kind: 'page', page: 'abcdefghijklmnopqrst' },
      ],
    })
    validateContract('GET', '/v1/spaces/x/content/page/y/meta-links', 200, body)
  })
})
