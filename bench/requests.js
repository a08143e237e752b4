/*
| The request-path part of `npm run bench`: the hot authenticated reads, each loaded with autocannon
| beside the bare `GET /health` route and the plainest Lucid read (`Space.find`, no token, no access
| check: BENCH_ROUTES=true serves it) of the same run. Ratios to those two are what the targets are
| about, because the machines are shared and absolute figures move with their load; the server's
| CPU time per answer moves less and is printed too.
*/
import autocannon from 'autocannon'
import { cpuMs } from './server.js'

/** Issue 19's targets for the single-record reads: ratio to the bare route and to the Lucid find. */
export const TARGETS = { bare: 0.25, find: 1.0 }

function load(base, path, token, { duration, connections }) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base + path,
        connections,
        duration,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      },
      (error, result) => (error ? reject(error) : resolve(result))
    )
  })
}

async function post(base, token, path, body) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'authorization': `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`)
  return response.json()
}

/**
 * What the reads need: 100 more organizations (the list reads a full page) and a space three
 * collections deep (its read resolves roles along the chain).
 */
export async function seedRequestBench(base, admin) {
  for (let i = 0; i < 100; i++) {
    await post(base, admin.token, '/v1/orgs', { title: `Bench organization ${i}` })
  }
  let parent
  for (let depth = 0; depth < 3; depth++) {
    const collection = await post(
      base,
      admin.token,
      `/v1/orgs/${admin.organization.id}/collections`,
      {
        title: `Level ${depth}`,
        parent,
      }
    )
    parent = collection.id
  }
  const space = await post(base, admin.token, `/v1/orgs/${admin.organization.id}/spaces`, {
    title: 'Bench space',
    parent,
  })
  return { space }
}

/**
 * Loads each scenario in turn; one row each: req/s, latency, server CPU per answer, and the ratios
 * to the bare route and to the Lucid find of this run. `serverPid` is the serving process.
 */
export async function runRequestBench({ base, admin, space, serverPid, duration, connections }) {
  const org = admin.organization.id
  const scenarios = [
    { key: 'bare', name: 'GET /health (bare route: no auth, no database)', path: '/health' },
    {
      key: 'find',
      name: 'GET /bench/lucid-find/spaces/{id} (one Lucid Space.find, no auth)',
      path: `/bench/lucid-find/spaces/${space.id}`,
    },
    { key: 'user', name: 'GET /v1/user', path: '/v1/user', token: true, target: true },
    { key: 'org', name: 'GET /v1/orgs/{id}', path: `/v1/orgs/${org}`, token: true, target: true },
    {
      key: 'space',
      name: 'GET /v1/spaces/{id} (3 collections deep)',
      path: `/v1/spaces/${space.id}`,
      token: true,
      target: true,
    },
    {
      key: 'orgs',
      name: 'GET /v1/orgs?limit=100 (a page of 100 + count)',
      path: '/v1/orgs?limit=100',
      token: true,
    },
    {
      key: 'wrong',
      name: 'GET /v1/orgs/{id} with a wrong secret (401)',
      path: `/v1/orgs/${org}`,
      token: 'gb_api_MQ.wrong',
      expected: 401,
    },
  ]
  // Warm-up: the first requests of a route load its modules.
  for (const scenario of scenarios) {
    await fetch(base + scenario.path, {
      headers: scenario.token
        ? { authorization: `Bearer ${scenario.token === true ? admin.token : scenario.token}` }
        : {},
    })
  }
  const rows = []
  for (const scenario of scenarios) {
    const token = scenario.token === true ? admin.token : scenario.token
    const cpuBefore = cpuMs(serverPid)
    const result = await load(base, scenario.path, token, { duration, connections })
    const cpu = cpuMs(serverPid) - cpuBefore
    const expected = scenario.expected ?? 200
    const unexpected = result.errors + (expected === 200 ? result.non2xx : result['2xx'])
    rows.push({
      key: scenario.key,
      name: scenario.name,
      target: scenario.target ?? false,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      cpuUs: result.requests.total ? (cpu * 1000) / result.requests.total : NaN,
      unexpected,
    })
  }
  const bare = rows.find((row) => row.key === 'bare')
  const find = rows.find((row) => row.key === 'find')
  for (const row of rows) {
    row.vsBare = row.rps / bare.rps
    row.vsFind = find && find.unexpected === 0 ? row.rps / find.rps : NaN
  }
  return rows
}

const percent = (ratio) => (Number.isFinite(ratio) ? `${(ratio * 100).toFixed(0)}%` : 'n/a')

/** A row's verdict against TARGETS (single-record reads only). */
function verdict(row) {
  if (!row.target) return ''
  const bareOk = row.vsBare >= TARGETS.bare
  const findOk = !Number.isFinite(row.vsFind) || row.vsFind >= TARGETS.find
  return bareOk && findOk ? 'met' : 'NOT met'
}

/** Prints the rows as a table; with `previous` (the same rows of another build), side by side. */
export function printRequestTable(rows, previous) {
  const table = rows.map((row) => {
    const entry = {
      'scenario': row.name,
      'req/s': Math.round(row.rps),
      'vs bare': percent(row.vsBare),
      'vs find': row.key === 'bare' ? '' : percent(row.vsFind),
      'target': row.target
        ? `≥${TARGETS.bare * 100}% bare, ≥${TARGETS.find * 100}% find: ${verdict(row)}`
        : '',
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'CPU µs/answer': Math.round(row.cpuUs),
      'unexpected': row.unexpected,
    }
    const before = previous?.find((candidate) => candidate.key === row.key)
    if (previous) {
      entry['prev req/s'] = before ? Math.round(before.rps) : 'n/a'
      entry['prev vs bare'] = before ? percent(before.vsBare) : 'n/a'
      entry['prev CPU µs'] = before ? Math.round(before.cpuUs) : 'n/a'
    }
    return entry
  })
  console.table(table)
}
