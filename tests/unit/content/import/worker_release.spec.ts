import { test } from '@japa/runner'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  closeImportWorkers,
  contentWorkers,
  importWorkersEnded,
  importWorkerThreads,
  releaseImportWorkers,
} from '#content/import/worker_pool'
import { indexTerms } from '#content/search/terms'

/** Waits until the pool's threads have ended (destroying a pool ends them asynchronously). */
async function threadsEnded() {
  for (let waited = 0; importWorkerThreads() > 0 && waited < 5000; waited += 20) await sleep(20)
  return importWorkerThreads()
}

test.group('Content workers: released after a crawl', (group) => {
  group.each.teardown(() => closeImportWorkers())

  test('an idle pool ends its threads at once and starts them again for the next task', async ({
    assert,
  }) => {
    assert.deepEqual(await contentWorkers.terms({ texts: ['Setting up'] }), [
      indexTerms('Setting up'),
    ])
    assert.isAbove(importWorkerThreads(), 0)
    releaseImportWorkers()
    assert.equal(await threadsEnded(), 0)
    assert.deepEqual(await contentWorkers.terms({ texts: ['Setting up'] }), [
      indexTerms('Setting up'),
    ])
  }).timeout(20_000)

  test('a task given as released threads end waits for them: never both heaps at once', async ({
    assert,
  }) => {
    await contentWorkers.terms({ texts: ['warm'] })
    releaseImportWorkers()
    let threadsWhenEnded = -1
    const ended = importWorkersEnded().then(() => (threadsWhenEnded = importWorkerThreads()))
    const next = contentWorkers.terms({ texts: ['next page'] })
    await ended
    assert.equal(threadsWhenEnded, 0, 'no new thread before the released ones ended')
    assert.deepEqual(await next, [indexTerms('next page')])
  }).timeout(20_000)

  test('tasks running or waiting when it is released complete; the threads end after them', async ({
    assert,
  }) => {
    const texts = Array.from({ length: 4 }, (_, index) => ({ texts: [`page ${index} words`] }))
    const running = texts.map((input) => contentWorkers.terms(input))
    releaseImportWorkers()
    const results = await Promise.all(running)
    assert.lengthOf(results, 4)
    results.forEach((terms, index) => assert.deepEqual(terms, [indexTerms(`page ${index} words`)]))
    assert.equal(await threadsEnded(), 0)
  }).timeout(20_000)
})
