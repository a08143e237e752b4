import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { eachTestInTransaction } from '#tests/helpers/callers'
import { clientChangeRequest, insertPage } from '#tests/helpers/fixtures_content'
import AuthoringService from '#content/services/authoring_service'
import SpaceAccessService from '#spaces/services/space_access_service'

test.group('GitBookAPI client: content', (group) => {
  eachTestInTransaction(group)

  test('authors pages in a change request and reads them back, then reads the space', async ({
    assert,
  }) => {
    const { admin, api, space, changeRequest } = await clientChangeRequest('Docs', 'Pages')

    const { data: updated } = await api.spaces.updateChangeRequestContent(
      space.id,
      changeRequest.id,
      {
        changes: [
          insertPage('# Getting started\n\nInstall it.\n', { ref: 'start' }),
          insertPage('See [getting started](./start.md).\n', {
            into: 'start',
            title: 'Configuration',
          }),
        ],
      } as any
    )
    assert.notEqual((updated as { revision: string }).revision, space.revision)

    const tree = await api.spaces.listPagesInRevisionById(
      space.id,
      (updated as { revision: string }).revision
    )
    const [start] = tree.data.pages as any[]
    assert.equal(start.title, 'Getting started')
    assert.equal(start.pages[0].path, 'getting-started/configuration')

    const { data: page } = await api.spaces.getPageInChangeRequestById(
      space.id,
      changeRequest.id,
      start.pages[0].id,
      {
        format: 'markdown',
      } as any
    )
    // GitBook's default refs are relative: the parent's file is getting-started/README.md.
    assert.equal((page as any).markdown, 'See [getting started](README.md).\n')
    const { data: stable } = await api.spaces.getPageInChangeRequestById(
      space.id,
      changeRequest.id,
      start.pages[0].id,
      { 'format': 'markdown', 'format.markdown.refs': 'stable' } as any
    )
    assert.equal((stable as any).markdown, `See [getting started](/pages/${start.id}).\n`)

    // Into the space's main content, then read it as a client would.
    const access = await new SpaceAccessService().spaceFor(admin.user.id, space.id)
    const authoring = await app.container.make(AuthoringService)
    await authoring.applyToSpace(admin.user, access, [insertPage('# Home\n\nWelcome.\n')])
    const { data: current } = await api.spaces.getCurrentRevision(space.id)
    assert.deepEqual(
      (current.pages as any[]).map((p) => p.title),
      ['Home']
    )
    const { data: pages } = await api.spaces.listPages(space.id)
    const home = (pages.pages as any[])[0]
    const { data: byId } = await api.spaces.getPageById(space.id, home.id, {
      format: 'document',
    } as any)
    assert.equal((byId as any).document.object, 'document')
    const { data: byPath } = await api.spaces.getPageByPath(space.id, 'home')
    assert.equal(byPath.id, home.id)
    const { data: byRevision } = await api.spaces.getRevisionById(space.id, current.id)
    assert.equal(byRevision.id, current.id)
  })
})
