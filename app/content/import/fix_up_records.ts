import type { RewriteSites } from '#content/import/page_worker'
import { SpillFile, type SpillPlace } from '#content/import/spill_file'

/** What the final fix-up needs of one page's document: its link targets (numbers) and sites. */
export interface FixUpRecord {
  targets: { pages: Uint32Array; files: Uint32Array }
  sites?: RewriteSites
}

/** Where a page's record is in the file. */
export type RecordPlace = SpillPlace

/** A length field that says the page has no sites (convert gave none). */
const NO_SITES = 0xffffffff

/**
 * The crawl's fix-up records, kept in a temporary file until its end rather than in memory: about
 * 1.7 KB a page (76 link targets and ~300 numbers of sites on the bench's manual), 8.5 MB of a
 * 5,000-page site's heap and malloc arena held for the whole crawl, for one read each at the end.
 * A record is three lengths (32 bits) then the numbers.
 */
export class FixUpRecords {
  #file = new SpillFile('fixup')

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
    return this.#file.append(new Uint8Array(numbers.buffer))
  }

  /** The records at `places`, in their order. */
  async read(places: RecordPlace[]): Promise<FixUpRecord[]> {
    const records = await this.#file.read(places)
    return records.map((bytes) => {
      // A fresh, aligned buffer of the record's own (read gives one per record).
      const numbers = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4)
      const pagesEnd = 3 + numbers[0]
      const filesEnd = pagesEnd + numbers[1]
      return {
        targets: {
          pages: numbers.subarray(3, pagesEnd),
          files: numbers.subarray(pagesEnd, filesEnd),
        },
        ...(numbers[2] === NO_SITES
          ? {}
          : { sites: new Int32Array(bytes.buffer, bytes.byteOffset + filesEnd * 4, numbers[2]) }),
      }
    })
  }

  /** Closes and removes the file (once the writes are done). */
  close() {
    return this.#file.remove()
  }
}
