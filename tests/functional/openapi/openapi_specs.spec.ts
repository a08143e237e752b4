import { test } from '@japa/runner'
import http from 'node:http'
import { stringify } from 'yaml'
import type { AddressInfo } from 'node:net'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { callAs } from '#tests/helpers/fixtures_organizations'
import { assertAnswer, assertTokenGuards } from '#tests/helpers/guards'
import { adminAnd, byRole, type CallerRole } from '#tests/helpers/roles'
import {
  INVALID_YAML,
  PETSTORE_30_YAML,
  PETSTORE_31,
  PETSTORE_SWAGGER_20,
  YAML_BOMB,
  text,
} from '#tests/helpers/openapi_fixtures'
import { maxHealthStall } from '#tests/helpers/markdown_fixtures'

function specs(organizationId: string, rest = '') {
  return `/v1/orgs/${organizationId}/openapi${rest}`
}

async function countRows() {
  const [specRows] = await db.from('openapi_specs').count('* as total')
  const [versionRows] = await db.from('openapi_spec_versions').count('* as total')
  return Number(specRows.total) + Number(versionRows.total)
}

test.group('OpenAPI specifications', (group) => {
  group.tap((t) => t.tags(['@openapi']))
  eachTestInTransaction(group)

  test('create, read, list, change visibility and delete a specification', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const api = callAs(client, admin)
    const created = await api.post(specs(admin.organizationId), {
      slug: 'petstore',
      source: { text: text(PETSTORE_31) },
    })
    assertAnswer(created, 201)
    const spec = created.body()
    assert.equal(spec.object, 'openapi-spec')
    assert.equal(spec.slug, 'petstore')
    assert.equal(spec.processingState, 'complete')
    assert.equal(spec.visibility, 'private')
    assert.deepEqual(spec.permissions, { view: true, edit: true })
    assert.match(spec.lastVersion, /^[A-Za-z0-9]{20}$/)
    assert.equal(created.header('location'), spec.urls.location)
    assert.isTrue(spec.urls.location.endsWith(specs(admin.organizationId, '/petstore')))

    const read = await api.get(specs(admin.organizationId, '/petstore'))
    assertAnswer(read, 200)
    assert.deepEqual(read.body(), spec)

    const list = await api.get(specs(admin.organizationId))
    assertAnswer(list, 200)
    assert.deepEqual(
      list.body().items.map((item: any) => item.slug),
      ['petstore']
    )

    const taken = await api.post(specs(admin.organizationId), {
      slug: 'petstore',
      source: { text: text(PETSTORE_31) },
    })
    assertAnswer(taken, 409, 'already exists')

    const patched = await api.patch(specs(admin.organizationId, '/petstore'), {
      visibility: 'public',
    })
    assertAnswer(patched, 200)
    assert.equal(patched.body().visibility, 'public')

    const deleted = await api.delete(specs(admin.organizationId, '/petstore'))
    assertAnswer(deleted, 205)
    assert.equal(await countRows(), 0)
    assertAnswer(await api.get(specs(admin.organizationId, '/petstore')), 404)
    // GitBook answers 204 when there was nothing to delete.
    assertAnswer(await api.delete(specs(admin.organizationId, '/petstore')), 204)
  })

  test('versions: the same document adds nothing, a changed one becomes latest', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const api = callAs(client, admin)
    const first = await api.put(specs(admin.organizationId, '/pets'), {
      source: { text: PETSTORE_30_YAML },
    })
    assertAnswer(first, 201)
    const same = await api.put(specs(admin.organizationId, '/pets'), {
      source: { text: PETSTORE_30_YAML },
    })
    assertAnswer(same, 200)
    assert.equal(same.body().lastVersion, first.body().lastVersion)

    const changed = PETSTORE_30_YAML.replace('title: Petstore', 'title: Petstore 2')
    const second = await api.put(specs(admin.organizationId, '/pets'), {
      source: { text: changed },
    })
    assertAnswer(second, 200)
    assert.notEqual(second.body().lastVersion, first.body().lastVersion)

    const versions = await api.get(specs(admin.organizationId, '/pets/versions'))
    assertAnswer(versions, 200)
    assert.equal(versions.body().count, 2)
    assert.deepEqual(
      versions.body().items.map((v: any) => v.id),
      [second.body().lastVersion, first.body().lastVersion]
    )
    for (const version of versions.body().items) {
      assert.equal(version.object, 'openapi-spec-version')
      assert.isTrue(version.url.endsWith(`/versions/${version.id}/content`))
    }

    const latest = await api.get(specs(admin.organizationId, '/pets/versions/latest'))
    assertAnswer(latest, 200)
    assert.equal(latest.body().id, second.body().lastVersion)
    const older = await api.get(
      specs(admin.organizationId, `/pets/versions/${first.body().lastVersion}`)
    )
    assertAnswer(older, 200)
    assert.equal(older.body().id, first.body().lastVersion)

    const content = await api.get(specs(admin.organizationId, '/pets/versions/latest/content'))
    assertAnswer(content, 200)
    assert.equal(content.body().filesystem['openapi.yaml'].info.title, 'Petstore 2')
    assert.isNull(content.body().urls.public)
    const olderContent = await api.get(
      specs(admin.organizationId, `/pets/versions/${first.body().lastVersion}/content`)
    )
    assertAnswer(olderContent, 200)
    assert.equal(olderContent.body().filesystem['openapi.yaml'].info.title, 'Petstore')

    const raw = await api.get(specs(admin.organizationId, '/pets/versions/latest/content/raw'))
    assertAnswer(raw, 200)
    assert.deepEqual(raw.body(), { text: changed, format: 'yaml' })

    assertAnswer(await api.get(specs(admin.organizationId, '/pets/versions/nope')), 404)
    assertAnswer(await api.get(specs(admin.organizationId, '/pets/versions/nope/content')), 404)
  })

  test('versions are keyset pages, newest first', async ({ client, assert }) => {
    const admin = await createCaller()
    const api = callAs(client, admin)
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      const document = { ...PETSTORE_31, info: { title: `Petstore ${i}`, version: '1' } }
      const answer = await api.put(specs(admin.organizationId, '/paged'), {
        source: { text: text(document) },
      })
      ids.unshift(answer.body().lastVersion)
    }
    const seen: string[] = []
    let page: string | undefined
    do {
      const answer = await api.get(
        specs(admin.organizationId, '/paged/versions'),
        page ? { limit: 2, page } : { limit: 2 }
      )
      assertAnswer(answer, 200)
      assert.equal(answer.body().count, 5)
      seen.push(...answer.body().items.map((v: any) => v.id))
      page = answer.body().next?.page
    } while (page)
    assert.deepEqual(seen, ids)
    assertAnswer(
      await api.get(specs(admin.organizationId, '/paged/versions'), { limit: 1001 }),
      400,
      'limit'
    )
  })

  test('accepts {name}')
    .with([
      {
        name: 'OpenAPI 3.1 as JSON',
        source: text(PETSTORE_31),
        format: 'json',
        file: 'openapi.json',
      },
      {
        name: 'OpenAPI 3.0 as YAML',
        source: PETSTORE_30_YAML,
        format: 'yaml',
        file: 'openapi.yaml',
      },
      {
        name: 'Swagger 2.0 as JSON',
        source: text(PETSTORE_SWAGGER_20),
        format: 'json',
        file: 'openapi.json',
      },
    ])
    .run(async ({ client, assert }, row) => {
      const admin = await createCaller()
      const api = callAs(client, admin)
      assertAnswer(
        await api.post(specs(admin.organizationId), { slug: 'v', source: { text: row.source } }),
        201
      )
      const raw = await api.get(specs(admin.organizationId, '/v/versions/latest/content/raw'))
      assert.equal(raw.body().format, row.format)
      const content = await api.get(specs(admin.organizationId, '/v/versions/latest/content'))
      assert.property(content.body().filesystem[row.file].paths, '/pets')
    })

  test('refuses {name} and stores nothing')
    .with([
      {
        name: 'an invalid document, with the parser errors and their line',
        body: { slug: 'bad', source: { text: INVALID_YAML } },
        message:
          /source\.text: is not a valid OpenAPI document: \/paths\/~1a\/get\/responses \(line 8\): type must be object/,
      },
      {
        name: 'a document that is not OpenAPI',
        body: { slug: 'bad', source: { text: '{"hello": "world"}' } },
        message: 'must declare',
      },
      {
        name: 'broken JSON',
        body: { slug: 'bad', source: { text: '{"openapi": ' } },
        message: 'not valid JSON',
      },
      {
        name: 'a YAML alias bomb',
        body: { slug: 'bad', source: { text: YAML_BOMB } },
        message: 'alias',
      },
      {
        name: 'a document over 5 MB',
        body: {
          slug: 'bad',
          source: { text: `{"openapi":"3.1.0","x":"${'a'.repeat(5 * 1024 * 1024)}"}` },
        },
        message: 'source.text',
      },
      {
        name: 'a document nested too deeply',
        body: { slug: 'bad', source: { text: `${'['.repeat(200)}${']'.repeat(200)}` } },
        message: 'deeper than 64',
      },
      {
        name: 'a slug with spaces',
        body: { slug: 'not a slug', source: { text: text(PETSTORE_31) } },
        message: 'slug',
      },
      {
        name: 'an over-long slug',
        body: { slug: 'a'.repeat(101), source: { text: text(PETSTORE_31) } },
        message: 'slug',
      },
      {
        name: 'no source',
        body: { slug: 'ok' },
        message: 'source',
      },
      {
        name: 'both url and text',
        body: {
          slug: 'ok',
          source: { text: text(PETSTORE_31), url: 'https://example.com/a.json' },
        },
        message: 'not both',
      },
      {
        name: 'an over-long URL',
        body: { slug: 'ok', source: { url: `https://example.com/${'a'.repeat(2048)}` } },
        message: 'source.url',
      },
      {
        name: 'a URL on a loopback host',
        body: { slug: 'ok', source: { url: 'http://127.0.0.1:9/openapi.json' } },
        message: /source\.url: could not be fetched: .*(private|loopback|not allowed|refused)/i,
      },
    ])
    .run(async ({ client }, row) => {
      const admin = await createCaller()
      const answer = await callAs(client, admin).post(specs(admin.organizationId), row.body)
      assertAnswer(answer, 400, row.message)
      const { default: assert } = await import('node:assert')
      assert.equal(await countRows(), 0)
    })

  test('a large document is parsed and validated in a worker thread: /health answers meanwhile', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const api = callAs(client, admin)
    // ~1.3 MB of YAML, 1,500 operations: seconds of parsing and validation in one thread.
    const paths: Record<string, unknown> = {}
    for (let i = 0; i < 1500; i++) paths[`/pets${i}/{id}`] = PETSTORE_31.paths['/pets']
    const large = stringify({ ...PETSTORE_31, paths }, { aliasDuplicateObjects: false })
    assert.isAbove(large.length, 1_000_000)
    // The first call loads the domain's modules (and starts the thread): not what is measured.
    assertAnswer(
      await api.post(specs(admin.organizationId), {
        slug: 'small',
        source: { text: text(PETSTORE_31) },
      }),
      201
    )
    const { result: created, stallMs } = await maxHealthStall(() =>
      api.post(specs(admin.organizationId), { slug: 'large', source: { text: large } })
    )
    assertAnswer(created, 201)
    // Generous for a loaded CI machine: the parse alone takes seconds on the event loop.
    assert.isBelow(stallMs, 1000)
  })

  test('another organization’s specification is a 404', async ({ client }) => {
    const owner = await createCaller()
    const other = await createCaller()
    await callAs(client, owner).post(specs(owner.organizationId), {
      slug: 'mine',
      source: { text: text(PETSTORE_31) },
    })
    const api = callAs(client, other)
    assertAnswer(await api.get(specs(other.organizationId, '/mine')), 404)
    assertAnswer(await api.get(specs(other.organizationId, '/mine/versions')), 404)
    assertAnswer(await api.get(specs(owner.organizationId, '/mine')), 404)
    assertAnswer(await api.get(specs(owner.organizationId, '/mine/versions/latest/content')), 404)
    assertAnswer(await api.delete(specs(owner.organizationId, '/mine')), 404)
  })

  test('{role}: reads {reads}, writes {writes}')
    .with(
      byRole<CallerRole, { reads: number; writes: number; edit?: boolean }>({
        admin: { reads: 200, writes: 200, edit: true },
        create: { reads: 200, writes: 200, edit: true },
        review: { reads: 200, writes: 403, edit: false },
        edit: { reads: 200, writes: 403, edit: false },
        comment: { reads: 200, writes: 403, edit: false },
        read: { reads: 200, writes: 403, edit: false },
        guest: { reads: 403, writes: 403 },
        outsider: { reads: 404, writes: 404 },
      })
    )
    .run(async ({ client, assert }, row) => {
      const { admin, caller, organizationId } = await adminAnd(row.role)
      await callAs(client, admin).post(specs(organizationId), {
        slug: 'roles',
        source: { text: text(PETSTORE_31) },
      })
      const api = callAs(client, caller)
      for (const path of [
        '',
        '/roles',
        '/roles/versions',
        '/roles/versions/latest',
        '/roles/versions/latest/content',
        '/roles/versions/latest/content/raw',
      ]) {
        assertAnswer(await api.get(specs(organizationId, path)), row.reads)
      }
      if (row.edit !== undefined) {
        const read = await api.get(specs(organizationId, '/roles'))
        assert.deepEqual(read.body().permissions, { view: true, edit: row.edit })
        const organization = await api.get(`/v1/orgs/${organizationId}`)
        assert.equal(organization.body().permissions.createOpenAPISpec, row.edit)
      }
      const changed = { ...PETSTORE_31, info: { title: 'Changed', version: '2' } }
      assertAnswer(
        await api.put(specs(organizationId, '/roles'), { source: { text: text(changed) } }),
        row.writes
      )
      assertAnswer(
        await api.patch(specs(organizationId, '/roles'), { visibility: 'public' }),
        row.writes
      )
      const created = await api.post(specs(organizationId), {
        slug: 'other',
        source: { text: text(PETSTORE_31) },
      })
      assertAnswer(created, row.writes === 200 ? 201 : row.writes)
      assertAnswer(
        await api.delete(specs(organizationId, '/roles')),
        row.writes === 200 ? 205 : row.writes
      )
    })

  test('every operation needs a token with its scope', async ({ client }) => {
    const admin = await createCaller()
    await callAs(client, admin).post(specs(admin.organizationId), {
      slug: 'scoped',
      source: { text: text(PETSTORE_31) },
    })
    const o = admin.organizationId
    const body = { source: { text: text(PETSTORE_31) } }
    await assertTokenGuards(admin.user, [
      { send: () => client.get(specs(o)), scope: 'openapi:read' },
      { send: () => client.post(specs(o)).json({ slug: 'x', ...body }), scope: 'openapi:write' },
      { send: () => client.get(specs(o, '/scoped')), scope: 'openapi:read' },
      { send: () => client.put(specs(o, '/scoped')).json(body), scope: 'openapi:write' },
      {
        send: () => client.patch(specs(o, '/scoped')).json({ visibility: 'public' }),
        scope: 'openapi:write',
      },
      { send: () => client.delete(specs(o, '/scoped')), scope: 'openapi:write' },
      { send: () => client.get(specs(o, '/scoped/versions')), scope: 'openapi:read' },
      { send: () => client.get(specs(o, '/scoped/versions/latest')), scope: 'openapi:read' },
      {
        send: () => client.get(specs(o, '/scoped/versions/latest/content')),
        scope: 'openapi:read',
      },
      {
        send: () => client.get(specs(o, '/scoped/versions/latest/content/raw')),
        scope: 'openapi:read',
      },
    ])
  })
})

test.group('OpenAPI specifications from a URL', (group) => {
  group.tap((t) => t.tags(['@openapi']))
  eachTestInTransaction(group)

  let server: http.Server
  let port = 0
  let served = PETSTORE_30_YAML
  let allowed: string | undefined

  group.setup(async () => {
    server = http.createServer((_request, response) => {
      response.setHeader('Content-Type', 'application/yaml')
      response.end(served)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
    allowed = env.get('IMPORT_ALLOWED_HOSTS')
    return async () => {
      env.set('IMPORT_ALLOWED_HOSTS', allowed ?? '')
      await new Promise((resolve) => server.close(resolve))
    }
  })

  test('a URL source is fetched, and sending it again refreshes it', async ({ client, assert }) => {
    const admin = await createCaller()
    const api = callAs(client, admin)
    const url = `http://127.0.0.1:${port}/openapi.yaml`
    env.set('IMPORT_ALLOWED_HOSTS', '')
    assertAnswer(
      await api.post(specs(admin.organizationId), { slug: 'remote', source: { url } }),
      400,
      'source.url'
    )
    env.set('IMPORT_ALLOWED_HOSTS', `127.0.0.1:${port}`)
    served = PETSTORE_30_YAML
    const created = await api.post(specs(admin.organizationId), { slug: 'remote', source: { url } })
    assertAnswer(created, 201)
    assert.equal(created.body().sourceURL, url)

    const unchanged = await api.put(specs(admin.organizationId, '/remote'), { source: { url } })
    assertAnswer(unchanged, 200)
    assert.equal(unchanged.body().lastVersion, created.body().lastVersion)

    served = PETSTORE_30_YAML.replace('title: Petstore', 'title: Refreshed')
    const refreshed = await api.put(specs(admin.organizationId, '/remote'), { source: { url } })
    assertAnswer(refreshed, 200)
    assert.notEqual(refreshed.body().lastVersion, created.body().lastVersion)
    const version = await api.get(specs(admin.organizationId, '/remote/versions/latest'))
    assert.equal(version.body().url, url)

    served = INVALID_YAML
    assertAnswer(
      await api.put(specs(admin.organizationId, '/remote'), { source: { url } }),
      400,
      'source.url: is not a valid OpenAPI document'
    )
    const versions = await api.get(specs(admin.organizationId, '/remote/versions'))
    assert.equal(versions.body().count, 2)
  })
})
