/** What the shell shows when a read of the root loader failed (app/lib/root-data.server.ts logs it). */
import type { SiteSettings } from '@core/contracts/content';

/** The settings when they failed to load (SPEC §8: the shell renders without their links). */
export const EMPTY_SETTINGS: SiteSettings = { header: [], footer: [], socials: {}, cities: [] };
