import { randomUUID } from 'node:crypto'
import { open, rm, type FileHandle } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RewriteSites } from '#content/import/page_worker'

/** What the final fix-up needs of one page's document: its link targets (numbers) and sites. */
export interface FixUpRecord {
  targets: { pages: Uint32Array; files: Uint32Array }
  sites?: RewriteSites
}

/** Where a page's record is in the file: its offset and its length in bytes. */
export type RecordPlace = readonly [number, number]

/** A length field that says the page has no sites (convert gave none). */
const NO_SITES = 0xffffffff

/**
 * The crawl's fix-up records, kept in a temporary file until its end rather than in memory: about
 * 1.7 KB a page (76 link targets and ~300 numbers of sites on the bench's manual), 8.5 MB of a
 * 5,000-page site's heap and malloc arena held for the whole crawl, for one read each at the end.
 * A record is three lengths (32 bits) then the numbers, written at its own offset (writes need no
 * order); `read` waits for the writes, `close` removes the file.
 */
export class FixUpRecords {
  #path = join(tmpdir(), `bindery-fixup-${randomUUID()}.bin`)
  #file?: Promise<FileHandle>
  #size = 0
  #writes = new Set<Promise<void>>()
  #failure?: unknown

  /** Writes a record and answers where it is; a write that fails is reported by `read`. */
  keep(record: FixUpRecord): RecordPlace {
    const { pages, files } = record.targets
    const sites = record.sites
    const count = 3 + pages.length + files.length + (sites?.length ?? 0)
    const numbers = new Uint32Array(count)
    numbers[0] = pages.length
    numbers[1] = files.length
    numbers[2] = sites ? sites.length : NO_SITES
    numbers.set(pages, 3)
    numbers.set(files, 3 + pages.length)
    if (sites) {
      numbers.set(
        new Uint32Array(sites.buffer, sites.byteOffset, sites.length),
        3 + pages.length + files.length
      )
    }
    const bytes = new Uint8Array(numbers.buffer)
    const place: RecordPlace = [this.#size, bytes.length]
    this.#size += bytes.length
    this.#file ??= open(this.#path, 'w+')
    const write: Promise<void> = this.#file
      .then((file) => file.write(bytes, 0, bytes.length, place[0]))
      .then(
        () => undefined,
        (error) => {
          this.#failure ??= error
        }
      )
      .finally(() => this.#writes.delete(write))
    this.#writes.add(write)
    return place
  }

  /** The records at `places`, in their order. */
  async read(places: RecordPlace[]): Promise<FixUpRecord[]> {
    await Promise.all(this.#writes)
    if (this.#failure !== undefined) throw this.#failure
    if (places.length === 0) return []
    const file = await this.#file!
    return Promise.all(
      places.map(async ([offset, length]) => {
        const numbers = new Uint32Array(length / 4)
        const { bytesRead } = await file.read(new Uint8Array(numbers.buffer), 0, length, offset)
        if (bytesRead !== length) throw new Error('a fix-up record was cut short')
        const pagesEnd = 3 + numbers[0]
        const filesEnd = pagesEnd + numbers[1]
        return {
          targets: {
            pages: numbers.subarray(3, pagesEnd),
            files: numbers.subarray(pagesEnd, filesEnd),
          },
          ...(numbers[2] === NO_SITES
            ? {}
            : { sites: new Int32Array(numbers.buffer, filesEnd * 4, numbers[2]) }),
        }
      })
    )
  }

  /** Closes and removes the file (once the writes are done). */
  async close() {
    await Promise.all(this.#writes)
    const opening = this.#file
    this.#file = undefined
    const file = opening ? await opening.catch(() => undefined) : undefined
    await file?.close()
    await rm(this.#path, { force: true })
  }
}
