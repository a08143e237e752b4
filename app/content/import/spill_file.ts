import { randomUUID } from 'node:crypto'
import { open, rm, type FileHandle } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Where a record is in a SpillFile: its offset and its length in bytes. */
export type SpillPlace = readonly [number, number]

/**
 * A temporary file an import keeps records in until it needs them again, rather than in memory
 * (the search sections of its pages, the crawl's fix-up records). Each record is written at its
 * own offset (writes need no order); `read` waits for the writes and reports one that failed;
 * `remove` deletes the file. The file is created with the first record.
 */
export class SpillFile {
  #path: string
  #file?: Promise<FileHandle>
  #size = 0
  #writes = new Set<Promise<void>>()
  #failure?: unknown

  constructor(name: string) {
    this.#path = join(tmpdir(), `bindery-${name}-${randomUUID()}`)
  }

  /** Writes a record and answers where it is. */
  append(bytes: Uint8Array): SpillPlace {
    const place: SpillPlace = [this.#size, bytes.length]
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
  async read(places: SpillPlace[]): Promise<Uint8Array[]> {
    await Promise.all(this.#writes)
    if (this.#failure !== undefined) throw this.#failure
    if (places.length === 0) return []
    const file = await this.#file!
    return Promise.all(
      places.map(async ([offset, length]) => {
        const bytes = new Uint8Array(length)
        const { bytesRead } = await file.read(bytes, 0, length, offset)
        if (bytesRead !== length) throw new Error('a record of the temporary file was cut short')
        return bytes
      })
    )
  }

  /** Closes and deletes the file (once the writes are done). */
  async remove() {
    await Promise.all(this.#writes)
    const opening = this.#file
    this.#file = undefined
    const file = opening ? await opening.catch(() => undefined) : undefined
    await file?.close()
    await rm(this.#path, { force: true })
  }
}
