import { z } from './z';

export const PageLinkSchema = z.object({
  label: z.string().min(1),
  slug: z.string().min(1),
});
export type PageLink = z.infer<typeof PageLinkSchema>;

/** A header or footer group of the site settings: a name and its pages. */
export const LinkGroupSchema = z.object({
  /** A stable role for groups the shell treats specially ('sellers' gets 'Стать продавцом' on top). */
  key: z.string().optional(),
  name: z.string(),
  pages: z.array(PageLinkSchema),
});
export type LinkGroup = z.infer<typeof LinkGroupSchema>;

export const SocialsSchema = z.object({
  tg: z.string().optional(),
  vk: z.string().optional(),
});
export type Socials = z.infer<typeof SocialsSchema>;

export const ZoneSchema = z.object({
  _id: z.string(),
  name: z.string(),
  color: z.string(),
  /** GeoJSON polygon rings of [longitude, latitude]. */
  zone: z.array(z.array(z.tuple([z.number(), z.number()]))),
});
export type Zone = z.infer<typeof ZoneSchema>;

export const CitySchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  default: z.boolean(),
  center: z.object({ latitude: z.number(), longitude: z.number() }),
  delivery_areas: z.array(ZoneSchema),
});
export type City = z.infer<typeof CitySchema>;

/** GET /api/settings */
export const SiteSettingsSchema = z.object({
  header: z.array(LinkGroupSchema),
  footer: z.array(LinkGroupSchema),
  socials: SocialsSchema,
  cities: z.array(CitySchema),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/** GET /api/pages: the paths that have content pages. */
export const PageListSchema = z.array(z.string());

/** GET /api/pages{path} */
export const PageSeoSchema = z.object({
  path: z.string(),
  title: z.string(),
  seo_title: z.string(),
  seo_desc: z.string(),
  seo_keywords: z.string(),
  /** Present for content pages only: the page body as plain paragraphs separated by blank lines. */
  content: z.string().optional(),
});
export type PageSeo = z.infer<typeof PageSeoSchema>;

/** Paths look like /about or /blog/some-post: lower-case latin, digits, dashes. */
export const PagePathSchema = z
  .string()
  .max(200)
  .regex(/^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'Страница не найдена');
