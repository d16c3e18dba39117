/** The header badges (orders, favourites, basket) cap at this number and show `${BADGE_CAP}+` above it. */
export const BADGE_CAP = 9;

/** Text of a counter badge: nothing for zero (or a nonsense count), the number up to 9, '9+' above. */
export function formatBadge(count: number): string | null {
  if (!Number.isFinite(count)) return null;
  const whole = Math.floor(count);
  if (whole <= 0) return null;
  return whole > BADGE_CAP ? `${BADGE_CAP}+` : String(whole);
}
