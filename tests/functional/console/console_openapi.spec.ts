import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import SpaceService from '#spaces/services/space_service'
import { authorSpace } from '#tests/helpers/authoring'
import { eachTestInTransaction } from '#tests/helpers/callers'
import type { MatrixRole } from '#tests/helpers/roles'
import { signedInRoster } from './console_visitor.js'
import { PETSTORE_30_YAML as YAML } from '#tests/helpers/openapi_fixtures'

function urlsOf(organizationId: string, slug = '') {
  const list = `/console/orgs/${organizationId}/openapi`
  return { list, spec: `${list}/${slug}` }
}

test.group('Console OpenAPI pages', (group) => {
  eachTestInTransaction(group)
  group.tap((t) => t.tags(['@console', '@openapi']))

  test('upload, versions, operations and delete; who may do what', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const urls = urlsOf(roster.organizationId, 'petstore')

    const uploaded = await as.create.submit('POST', urls.list, { slug: 'petstore', text: YAML })
    assert.equal(uploaded.status, 302)
    assert.equal(uploaded.location, urls.spec)
    assert.equal(await as.create.notice(urls.spec), 'Specification petstore uploaded: new version.')

    const changed = YAML.replace('List pets', 'Every pet')
    await as.admin.submit('POST', urls.list, { slug: 'petstore', text: changed })
    await as.admin.submit('POST', urls.list, { slug: 'petstore', text: changed })
    assert.equal(await as.admin.notice(urls.spec), 'Specification petstore unchanged.')

    const pages: Record<MatrixRole, [status: number, component: string, manage?: boolean]> = {
      admin: [200, 'openapi/', true],
      create: [200, 'openapi/', true],
      edit: [200, 'openapi/', false],
      read: [200, 'openapi/', false],
      guest: [403, 'errors/error'],
      outsider: [404, 'errors/not_found'],
    }
    for (const role of Object.keys(pages) as MatrixRole[]) {
      const [status, component, manage] = pages[role]
      for (const [url, name] of [
        [urls.list, 'index'],
        [urls.spec, 'show'],
      ]) {
        const page = await as[role].page(url)
        assert.equal(page.status, status, `${role} ${url}`)
        assert.equal(page.component, manage === undefined ? component : `${component}${name}`)
        if (manage === undefined) continue
        assert.equal(page.props.canManage, manage, `${role} ${url}`)
        assert.isTrue(page.props.organization.permissions.listOpenAPISpecs)
      }
    }

    const list = await as.read.page(urls.list)
    assert.containsSubset(list.props.specs, [{ slug: 'petstore', versionCount: 2 }])
    const show = await as.read.page(urls.spec)
    assert.lengthOf(show.props.versions, 2)
    assert.equal(show.props.version.number, 2)
    assert.deepEqual(
      show.props.operations.map((o: any) => `${o.method} ${o.path} ${o.summary}`),
      ['get /pets Every pet', 'post /pets Create a pet']
    )
    const first = show.props.versions[1]
    const older = await as.read.page(`${urls.spec}?version=${first.id}`)
    assert.equal(older.props.version.number, 1)
    assert.equal(older.props.operations[0].summary, 'List pets')

    // Bad input is flashed on the form; readers may not upload nor delete.
    await as.admin.page(urls.list)
    await as.admin.submit('POST', urls.list, { slug: 'bad slug', text: 'openapi: 3.0.0\n' })
    assert.property(await as.admin.flashedErrors(urls.list), 'slug')
    await as.admin.submit('POST', urls.list, { slug: 'broken', text: 'openapi: 3.0.0\n' })
    const errors = await as.admin.flashedErrors(urls.list)
    assert.match(JSON.stringify(errors), /not a valid OpenAPI document/)
    assert.equal(await as.read.submitStatus('POST', urls.list, { slug: 'x', text: YAML }), 302)
    assert.isNull(await db.from('openapi_specs').where('slug', 'x').first())
    await as.read.submitStatus('DELETE', urls.spec)
    assert.isNotNull(await db.from('openapi_specs').where('slug', 'petstore').first())

    const deleted = await as.admin.submit('DELETE', urls.spec)
    assert.equal(deleted.location, urls.list)
    assert.isNull(await db.from('openapi_specs').where('slug', 'petstore').first())
    assert.equal(await as.admin.status(urls.spec), 404)
  })

  test('a content page lists the OpenAPI operations it embeds', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const urls = urlsOf(roster.organizationId, 'petstore')
    await as.admin.submit('POST', urls.list, { slug: 'petstore', text: YAML })
    const spaces = await app.container.make(SpaceService)
    const { space } = await spaces.create(roster.admin.user, roster.organizationId, {
      title: 'API',
    })
    const markdown = [
      '{% openapi-operation spec="petstore" path="/pets" method="post" %}',
      '{% endopenapi-operation %}',
      '',
      '{% openapi-operation spec="petstore" path="/nope" method="get" %}',
      '{% endopenapi-operation %}',
      '',
      '{% openapi-operation spec="unknown" path="/pets" method="get" %}',
      '{% endopenapi-operation %}',
    ].join('\n')
    await authorSpace(roster.admin.user.id, space.id, [
      { operation: 'insert_page', title: 'Reference', document: { markdown } },
    ])
    const content = await client
      .get(`/v1/spaces/${space.id}/content`)
      .bearerToken(roster.admin.token)
    const pageId = content.body().pages[0].id
    const page = await as.read.page(`/console/spaces/${space.id}/pages/${pageId}`)
    assert.equal(page.status, 200)
    assert.deepEqual(page.props.operations, [
      {
        type: 'openapi-operation',
        spec: 'petstore',
        path: '/pets',
        method: 'post',
        version: 1,
        summary: 'Create a pet',
      },
      {
        type: 'openapi-operation',
        spec: 'petstore',
        path: '/nope',
        method: 'get',
        version: 1,
        summary: null,
      },
      {
        type: 'openapi-operation',
        spec: 'unknown',
        path: '/pets',
        method: 'get',
        version: null,
        summary: null,
      },
    ])
  })
})
