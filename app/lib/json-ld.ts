/**
 * JSON for a `<script type="application/ld+json">`: `<` is escaped so no text from the database can close
 * the script element.
 */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
