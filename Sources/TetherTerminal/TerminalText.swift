/// How text is measured and cut for a terminal, where a line that is too long wraps and pushes
/// everything below it down.
///
/// Widths are in columns, as a terminal lays text out: a character is as wide as its first
/// scalar, 2 for East Asian wide and fullwidth characters and for emoji shown as emoji, 0 for
/// characters that take no room of their own (joiners, format characters, a combining mark with no
/// base), 1 for everything else. The standard library has no East Asian Width property, so the wide
/// blocks are listed below; they cover the scripts a terminal draws wide (CJK, kana, Hangul,
/// fullwidth forms, Yi, Tangut) with Unicode 15's assignments.
enum TerminalText {
  /// The first line of `text`, made safe to draw: it ends before the first line break of any kind
  /// (a `\r\n`, a lone `\r`, a vertical tab, a form feed, a Unicode line or paragraph separator,
  /// which would move the cursor off the line), a tab becomes a space, and any other control
  /// character (an escape sequence's `ESC`, a bell, a backspace) becomes U+FFFD, so that nothing in
  /// a row can move the cursor or change the terminal's state.
  ///
  /// - Complexity: O(n) in the length of the first line.
  static func drawable(_ text: String) -> String {
    if text.utf8.allSatisfy(isPrintableASCII) { return text }
    var line = ""
    for character in text {
      if character.isNewline { break }
      if character == "\t" {
        line.append(" ")
      } else if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
        line.append("\u{FFFD}")
      } else {
        line.append(character)
      }
    }
    return line
  }

  /// How many columns `text` takes on a terminal.
  ///
  /// - Complexity: O(n) in the length of `text`.
  static func columns(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + columns(of: $1) }
  }

  /// `text` if it fits in `width` columns, else its longest start that fits in `width - 1` followed
  /// by an ellipsis (a wide character that would cross the limit is left out whole).
  ///
  /// - Complexity: O(n) in the length of `text`.
  static func cut(_ text: String, toColumns width: Int) -> String {
    guard width > 0 else { return "" }
    // Printable ASCII is one column a byte: the usual row needs no look at the characters.
    if text.utf8.count <= width && text.utf8.allSatisfy(isPrintableASCII) { return text }
    var used = 0
    var end = text.startIndex
    // Where the text must end if it does not fit: the last place leaving a column for the ellipsis.
    var cutEnd = text.startIndex
    for index in text.indices {
      let next = used + columns(of: text[index])
      if next > width {
        return String(text[..<cutEnd]) + "…"
      }
      used = next
      end = text.index(after: index)
      if used <= width - 1 { cutEnd = end }
    }
    return text
  }

  private static func isPrintableASCII(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte < 0x7F
  }

  /// How many columns `character` takes: see ``TerminalText``.
  static func columns(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    let properties = first.properties
    // Variation selectors choose the presentation: U+FE0F emoji (wide), U+FE0E text (narrow).
    if properties.isEmoji, scalars.contains("\u{FE0E}") { return 1 }
    if properties.isEmojiPresentation || (properties.isEmoji && scalars.contains("\u{FE0F}")) { return 2 }
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    return isWide(first.value) ? 2 : 1
  }

  /// Whether a scalar is East Asian wide or fullwidth (the blocks, not every code point's own
  /// property: unassigned code points inside them are counted wide, as terminals do).
  private static func isWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// The East Asian wide and fullwidth blocks, sorted.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x231A...0x231B,  // watch, hourglass
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi radicals, ideographic description, CJK symbols and punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, enclosed CJK
    0x3400...0x4DBF,  // CJK unified ideographs extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi syllables and radicals
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth ASCII and punctuation
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4,  // ideographic symbols
    0x17000...0x18CFF,  // Tangut, Khitan
    0x1AFF0...0x1B2FF,  // Kana extended and supplement, Nushu
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK extensions B to F, compatibility supplement
    0x30000...0x3FFFD,  // CJK extensions G and H
  ]
}
