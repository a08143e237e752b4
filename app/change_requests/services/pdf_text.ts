/**
 * Text for pdfkit's built-in (standard 14) fonts, which can only draw WinAnsi (Windows-1252)
 * characters: anything else would come out as wrong glyphs. Characters outside it are replaced:
 * composed letters lose their accents when only the bare letter exists (`ő` → `o`), compatibility
 * forms take their plain form (`ﬁ` → `fi`, fullwidth `Ａ` → `A`), a few symbols get an ASCII
 * spelling (`→` → `->`), emoji and their joiners are dropped, and everything else (CJK, Cyrillic,
 * Arabic, ...) becomes `?`, one per character.
 */

/** Code points of Windows-1252's 0x80..0x9F block (the rest of WinAnsi is Latin-1). */
const WIN_ANSI_EXTRAS = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152,
  0x017d, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x017e, 0x0178,
])

const ASCII_SPELLINGS: Record<string, string> = {
  '→': '->',
  '←': '<-',
  '↔': '<->',
  '⇒': '=>',
  '⇐': '<=',
  '≤': '<=',
  '≥': '>=',
  '≠': '!=',
  '≈': '~',
  '−': '-',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '―': '-',
  '′': "'",
  '″': '"',
  '✓': 'v',
  '✔': 'v',
  '✗': 'x',
  '✘': 'x',
  '\u00a0': ' ',
}

/** Emoji, their skin-tone modifiers, variation selectors, joiners and flag letters: no glyph, no text. */
const EMOJI_PART =
  /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|[\u200b-\u200d\u2060\ufe0e\ufe0f\u{e0020}-\u{e007f}])$/u
const COMBINING_MARK = /\p{M}/u

function drawable(codePoint: number): boolean {
  return (
    codePoint === 0x0a ||
    (codePoint >= 0x20 && codePoint < 0x7f) ||
    (codePoint >= 0xa0 && codePoint <= 0xff) ||
    WIN_ANSI_EXTRAS.has(codePoint)
  )
}

function replacement(char: string): string {
  const spelled = ASCII_SPELLINGS[char]
  if (spelled !== undefined) return spelled
  if (EMOJI_PART.test(char)) return ''
  const codePoint = char.codePointAt(0)!
  if (char === '\t') return ' '
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) return ''
  if (COMBINING_MARK.test(char)) return ''
  const decomposed = [...char.normalize('NFKD')].filter((part) => !COMBINING_MARK.test(part))
  if (decomposed.length > 0 && decomposed.every((part) => drawable(part.codePointAt(0)!))) {
    return decomposed.join('')
  }
  return '?'
}

/** `text` with every character pdfkit's standard fonts cannot draw replaced (see above). */
export function pdfText(text: string): string {
  const composed = text.normalize('NFC')
  let out = ''
  let fast = true
  for (let i = 0; i < composed.length; i++) {
    if (!drawable(composed.charCodeAt(i))) {
      fast = false
      break
    }
  }
  if (fast) return composed
  for (const char of composed) {
    out += drawable(char.codePointAt(0)!) ? char : replacement(char)
  }
  return out
}
