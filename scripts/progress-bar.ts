/** A terminal progress line for long scripts (`npm run import:yml`): a bar when the total is known. */

const BAR_WIDTH = 24;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * `[██████░░░░…]  25 % of 41.5 MB` for `done` of `total` bytes; `12.3 MB read` when the total is unknown (a
 * feed served without Content-Length). Past the total (a file still growing) it stays full.
 */
export function progressBar(done: number, total: number | null): string {
  if (total === null || total <= 0) return `${megabytes(done)} read`;
  const share = Math.min(1, Math.max(0, done / total));
  const filled = Math.round(share * BAR_WIDTH);
  const percent = String(Math.floor(share * 100)).padStart(3);
  return `[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}] ${percent} % of ${megabytes(total)}`;
}
