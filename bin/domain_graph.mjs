#!/usr/bin/env node
/*
| Prints Bindery's domain graph (each folder under app/ and the domains it imports, through
| `#<domain>/` aliases or relative paths that leave the folder) and exits 1 if the graph has a cycle,
| naming it. Plain Node, no dependencies: `npm run graph`.
*/
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const appDir = join(root, 'app')
const domains = readdirSync(appDir).filter((name) => statSync(join(appDir, name)).isDirectory())

/** Every .ts/.tsx file under a folder. */
function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

/** Module specifiers of static imports, re-exports, dynamic imports and type imports. */
const specifierPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g

/** domain -> Map(imported domain -> first file that imports it) */
const graph = new Map(domains.map((domain) => [domain, new Map()]))

for (const domain of domains) {
  for (const file of sourceFiles(join(appDir, domain))) {
    const text = readFileSync(file, 'utf8')
    for (const [, specifier] of text.matchAll(specifierPattern)) {
      let target
      const alias = /^#([a-z_]+)\//.exec(specifier)
      if (alias) {
        target = alias[1]
      } else if (specifier.startsWith('.')) {
        const [top] = relative(appDir, resolve(dirname(file), specifier)).split(sep)
        target = top
      }
      if (!target || target === domain || !graph.has(target)) continue
      const edges = graph.get(domain)
      if (!edges.has(target)) edges.set(target, relative(root, file))
    }
  }
}

for (const [domain, edges] of graph) {
  const targets = [...edges.keys()].sort()
  console.log(`${domain.padEnd(16)} -> ${targets.length ? targets.join(', ') : '(none)'}`)
}

/** Depth-first search; returns every distinct cycle found as a list of domains. */
function findCycles() {
  const cycles = []
  const seen = new Set()
  const state = new Map()
  const stack = []
  const visit = (domain) => {
    state.set(domain, 'open')
    stack.push(domain)
    for (const next of graph.get(domain).keys()) {
      if (state.get(next) === 'open') {
        const cycle = [...stack.slice(stack.indexOf(next)), next]
        const key = [...cycle.slice(0, -1)].sort().join(',')
        if (!seen.has(key)) {
          seen.add(key)
          cycles.push(cycle)
        }
      } else if (!state.has(next)) {
        visit(next)
      }
    }
    stack.pop()
    state.set(domain, 'done')
  }
  for (const domain of domains) if (!state.has(domain)) visit(domain)
  return cycles
}

const cycles = findCycles()
if (cycles.length) {
  console.error('\nDomain cycles (each domain may import only domains below it):')
  for (const cycle of cycles) {
    const hops = cycle
      .slice(0, -1)
      .map(
        (domain, index) =>
          `  ${domain} -> ${cycle[index + 1]} (${graph.get(domain).get(cycle[index + 1])})`
      )
    console.error(`- ${cycle.join(' -> ')}\n${hops.join('\n')}`)
  }
  process.exit(1)
}
console.log('\nNo cycles.')
