/**
 * Whether a JSON text nests objects and arrays deeper than `maxDepth`, found by one scan of the characters
 * (brackets inside strings do not count). It stops at the first bracket too deep, so a body of 400,000 opening
 * brackets is refused after `maxDepth + 1` characters instead of costing JSON.parse tens of milliseconds of
 * CPU. Malformed text is left for JSON.parse to refuse.
 */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  const QUOTE = 0x22;
  const BACKSLASH = 0x5c;
  let depth = 0;
  let isInString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isInString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) isInString = false;
    } else if (code === QUOTE) {
      isInString = true;
    } else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (code === 0x7d || code === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}
