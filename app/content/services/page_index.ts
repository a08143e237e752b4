import type { TreePage } from '#content/types'

/** Layers of changes an index may stack before it is flattened into one map. */
const MAX_LAYERS = 16

/**
 * The pages of a revision by id (RevisionTree's `byId`). A revision written from its parent shares
 * the parent's index and keeps only its own changes in a layer on top, so a one-page edit of a
 * 5,000-page revision does not copy 5,000 entries; past MAX_LAYERS the layers are flattened into
 * one map again (once in 16 revisions of a chain). Iteration is always the tree's breadth-first
 * order (top-level pages, then their children...), whichever way the tree was built, so anything
 * listed from it comes in the same order in every process.
 */
export class PageIndex implements ReadonlyMap<string, TreePage> {
  /** This layer's pages; `null` marks a page the layer removed. */
  readonly #own: ReadonlyMap<string, TreePage | null>
  readonly #base: PageIndex | undefined
  readonly #layers: number
  readonly #roots: readonly TreePage[]
  readonly size: number

  private constructor(
    roots: readonly TreePage[],
    own: ReadonlyMap<string, TreePage | null>,
    base: PageIndex | undefined,
    size: number
  ) {
    this.#roots = roots
    this.#own = own
    this.#base = base
    this.#layers = base ? base.#layers + 1 : 0
    this.size = size
  }

  /** The index of a whole tree: every page under `roots`. */
  static of(roots: readonly TreePage[]): PageIndex {
    const pages = new Map<string, TreePage>()
    for (const page of breadthFirst(roots)) pages.set(page.node.id, page)
    return new PageIndex(roots, pages, undefined, pages.size)
  }

  /**
   * The index of a tree derived from this one (`roots`): this index with the pages of `changed`
   * set (new or replaced) and the ids of `removed` gone, unless `changed` sets them again.
   */
  derive(
    roots: readonly TreePage[],
    changed: ReadonlyMap<string, TreePage>,
    removed: Iterable<string>
  ): PageIndex {
    if (this.#layers + 1 >= MAX_LAYERS) return PageIndex.of(roots)
    const own = new Map<string, TreePage | null>()
    let size = this.size
    for (const id of removed) {
      if (!changed.has(id) && this.has(id)) {
        own.set(id, null)
        size -= 1
      }
    }
    for (const [id, page] of changed) {
      if (!this.has(id)) size += 1
      own.set(id, page)
    }
    return new PageIndex(roots, own, this, size)
  }

  get(id: string): TreePage | undefined {
    for (let layer: PageIndex | undefined = this; layer; layer = layer.#base) {
      const found = layer.#own.get(id)
      if (found !== undefined) return found ?? undefined
    }
    return undefined
  }

  has(id: string): boolean {
    return this.get(id) !== undefined
  }

  values(): MapIterator<TreePage> {
    return breadthFirst(this.#roots)
  }

  *keys(): MapIterator<string> {
    for (const page of breadthFirst(this.#roots)) yield page.node.id
  }

  *entries(): MapIterator<[string, TreePage]> {
    for (const page of breadthFirst(this.#roots)) yield [page.node.id, page]
  }

  [Symbol.iterator](): MapIterator<[string, TreePage]> {
    return this.entries()
  }

  forEach(
    callback: (page: TreePage, id: string, index: ReadonlyMap<string, TreePage>) => void,
    thisArg?: unknown
  ) {
    for (const page of breadthFirst(this.#roots)) callback.call(thisArg, page, page.node.id, this)
  }
}

/** The pages under `roots`, level by level, each level in tree order. */
function* breadthFirst(roots: readonly TreePage[]): MapIterator<TreePage> {
  let level = roots
  while (level.length > 0) {
    const next: TreePage[] = []
    for (const page of level) {
      yield page
      next.push(...page.children)
    }
    level = next
  }
}
