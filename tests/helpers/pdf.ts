import app from '@adonisjs/core/services/app'
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs'

export interface ParsedPdf {
  /** Text of each PDF page, whitespace collapsed. */
  pages: string[]
  /** The whole text, pages joined by a form feed. */
  text: string
  /** Outline (bookmarks) as nested titles. */
  outline: OutlineEntry[]
  /** Images drawn, per PDF page. */
  images: number[]
  title: string | undefined
  /** Link annotations, in page order: URLs as they are, jumps inside the PDF as `#<destination>`. */
  links: string[]
}

export type OutlineEntry = { title: string; items: OutlineEntry[] }

/** Parses a PDF back with pdf.js (an independent reader) into what tests assert on. */
export async function parsePdf(bytes: Uint8Array): Promise<ParsedPdf> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: app.makePath('node_modules/pdfjs-dist/standard_fonts/'),
    verbosity: 0,
  }).promise
  const pages: string[] = []
  const images: number[] = []
  const links: string[] = []
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number)
    const content = await page.getTextContent()
    const text = content.items.map((item: any) => `${item.str}${item.hasEOL ? '\n' : ''}`).join('')
    pages.push(text.replace(/\s+/g, ' ').trim())
    const operators = await page.getOperatorList()
    images.push(operators.fnArray.filter((fn: number) => fn === OPS.paintImageXObject).length)
    for (const annotation of await page.getAnnotations()) {
      if (annotation.subtype !== 'Link') continue
      if (annotation.url) links.push(annotation.url)
      else if (typeof annotation.dest === 'string') links.push(`#${annotation.dest}`)
    }
  }
  const toEntries = (items: any[] | null): OutlineEntry[] =>
    (items ?? []).map((item) => ({ title: item.title, items: toEntries(item.items) }))
  const metadata = await pdf.getMetadata()
  const outline = toEntries(await pdf.getOutline())
  await pdf.destroy()
  return {
    pages,
    text: pages.join('\f'),
    outline,
    images,
    links,
    title: (metadata.info as any)?.Title,
  }
}

/** Text positions of `needles` in `text`, asserting by the caller that they increase (tree order). */
export function positions(text: string, needles: string[]): number[] {
  return needles.map((needle) => text.indexOf(needle))
}
