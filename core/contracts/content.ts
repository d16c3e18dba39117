import { StoreRefSchema, WeightTermsSchema } from './catalog';
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

// ---------------------------------------------------------------------------------------------------------
// Recipes, blog and news articles, vacancies, generic content pages (issue 3).

/** Messages a person reads when a list request is malformed. */
export const PAGE_NUMBER_MESSAGE = 'Номер страницы — целое число от 1 до 10000';
export const PAGE_SIZE_MESSAGE = 'Размер страницы — целое число от 1 до 48';
export const ARTICLE_KIND_MESSAGE = 'Тип публикации: blog или news';
export const CITY_FILTER_MESSAGE = 'Название города — не длиннее 100 символов';

/** Lists are paged by 12 unless a caller asks for another page size. */
export const CONTENT_PAGE_SIZE = 12;
export const CONTENT_PAGE_SIZE_MAX = 48;
export const CONTENT_PAGE_MAX = 10_000;

/** The `page` query of a list: 1 when absent. */
export const PageNumberSchema = z.coerce
  .number({ error: PAGE_NUMBER_MESSAGE })
  .int(PAGE_NUMBER_MESSAGE)
  .min(1, PAGE_NUMBER_MESSAGE)
  .max(CONTENT_PAGE_MAX, PAGE_NUMBER_MESSAGE)
  .default(1);

/** The `limit` query of a list: CONTENT_PAGE_SIZE when absent. */
export const PageSizeSchema = z.coerce
  .number({ error: PAGE_SIZE_MESSAGE })
  .int(PAGE_SIZE_MESSAGE)
  .min(1, PAGE_SIZE_MESSAGE)
  .max(CONTENT_PAGE_SIZE_MAX, PAGE_SIZE_MESSAGE)
  .default(CONTENT_PAGE_SIZE);

/** GET /api/recipes?page=&limit= */
export const RecipeListQuerySchema = z.object({ page: PageNumberSchema, limit: PageSizeSchema });
export type RecipeListQuery = z.input<typeof RecipeListQuerySchema>;

export const ArticleKindSchema = z.enum(['blog', 'news'], { error: ARTICLE_KIND_MESSAGE });
export type ArticleKind = z.infer<typeof ArticleKindSchema>;

/** GET /api/articles?kind=blog|news&page=&limit= */
export const ArticleListQuerySchema = z.object({
  kind: ArticleKindSchema,
  page: PageNumberSchema,
  limit: PageSizeSchema,
});
export type ArticleListQuery = z.input<typeof ArticleListQuerySchema>;

/** GET /api/vacancies?city= */
export const VacancyListQuerySchema = z.object({
  city: z.line().trim().max(100, CITY_FILTER_MESSAGE).optional(),
});
export type VacancyListQuery = z.input<typeof VacancyListQuerySchema>;

/**
 * A slug of a recipe, an article or a generic content page: lower-case latin, digits and dashes. Anything
 * else is no page of ours (SPEC §5: a content page whose validation fails is a 404 'Page Not Found').
 */
export const ContentSlugSchema = z
  .string()
  .min(1, 'Страница не найдена')
  .max(100, 'Страница не найдена')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Страница не найдена');

/** A page of a list, with what a pager needs. */
function pagedSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    /** 1-based. */
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
    total_pages: z.number().int(),
  });
}

/** A product an ingredient links to, as the recipe page shows it. */
export const IngredientProductSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  /** Current selling price in kopecks. */
  price: z.number().int(),
  /** Discount in percent, 0 when none. */
  discount: z.number().int(),
  /** The first image of the product, if it has any. */
  img: z.string().nullable(),
  weight: z.number().int(),
  /** The shop that sells it there (a guest's basket keeps it with the line). */
  store: StoreRefSchema,
  /**
   * Where the shopper's area sells it (the point with the most stock, ADR 014) and how many it has there;
   * null when the area has none (or no area is chosen).
   */
  offer: z.object({ point: z.string(), count: z.number().int() }).nullable(),
  /**
   * Sold by weight (ADR 054): `price` is per kilogram, the offer's `count` grams, and the recipe buys grams
   * (core/rules/recipe.ts quantityFor). Absent on goods sold by the piece.
   */
  by_weight: WeightTermsSchema.optional(),
});
export type IngredientProduct = z.infer<typeof IngredientProductSchema>;

export const RecipeIngredientSchema = z.object({
  text: z.string(),
  /** «500 г», «2 ст. л.», «по вкусу» for the recipe's servings; may be empty. */
  amount: z.string(),
  /**
   * The product to buy it as: the first of its candidates the shopper's area has, else the first candidate
   * (with no offer); null for what is not sold (salt, water).
   */
  product: IngredientProductSchema.nullable(),
  /** Packs of that product the recipe's servings need (0.1 of a ten-egg box); 0 without a product. */
  packs: z.number(),
});
export type RecipeIngredient = z.infer<typeof RecipeIngredientSchema>;

export const RecipeCardSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  img: z.string().nullable(),
  cook_minutes: z.number().int(),
  servings: z.number().int(),
  published_at: z.string(),
});
export type RecipeCard = z.infer<typeof RecipeCardSchema>;

/** GET /api/recipes/{slug} */
export const RecipeSchema = RecipeCardSchema.extend({
  /** In order. */
  ingredients: z.array(RecipeIngredientSchema),
  /** One instruction per step, in order. */
  steps: z.array(z.string()),
  /** A few other recipes, newest first. */
  related: z.array(RecipeCardSchema),
});
export type Recipe = z.infer<typeof RecipeSchema>;

/** 'Добавить в корзину' on a recipe page: what went into the basket for the servings asked. */
export const RecipeToBasketResultSchema = z.object({
  success: z.literal(true),
  /** The servings the packs were worked out for (the asked ones, within 1–24). */
  servings: z.number().int(),
  /** Lines added to or raised in the basket. */
  added: z.number().int(),
  /** Ingredients not added: not in the shopper's area, out of stock, or no room in the basket. */
  not_added: z.array(z.string()),
  /** Their positions among the recipe's ingredients (the page's redirect names them by these). */
  not_added_at: z.array(z.number().int()),
  /** «Добавлено в корзину: 5 товаров. Не добавлены: сметана.» */
  message: z.string(),
});
export type RecipeToBasketResult = z.infer<typeof RecipeToBasketResultSchema>;

/** GET /api/recipes */
export const RecipeListSchema = pagedSchema(RecipeCardSchema);
export type RecipeList = z.infer<typeof RecipeListSchema>;

export const ArticleCardSchema = z.object({
  _id: z.string(),
  kind: ArticleKindSchema,
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  img: z.string().nullable(),
  published_at: z.string(),
});
export type ArticleCard = z.infer<typeof ArticleCardSchema>;

/** GET /api/articles/{kind}/{slug} */
export const ArticleSchema = ArticleCardSchema.extend({
  /** Plain paragraphs separated by blank lines. */
  body: z.string(),
  /** A few other articles of the same kind, newest first. */
  related: z.array(ArticleCardSchema),
});
export type Article = z.infer<typeof ArticleSchema>;

/** GET /api/articles */
export const ArticleListSchema = pagedSchema(ArticleCardSchema);
export type ArticleList = z.infer<typeof ArticleListSchema>;

export const VacancySchema = z.object({
  _id: z.string(),
  title: z.string(),
  city: z.string(),
  /** «Полная занятость», «Сменный график» … */
  employment: z.string(),
  /** Monthly salary bounds in whole roubles; null when not stated. */
  salary_from: z.number().int().nullable(),
  salary_to: z.number().int().nullable(),
  description: z.string(),
  requirements: z.array(z.string()),
  published_at: z.string(),
});
export type Vacancy = z.infer<typeof VacancySchema>;

/** GET /api/vacancies: open vacancies (of one city when asked) and every city that has any. */
export const VacancyListSchema = z.object({
  items: z.array(VacancySchema),
  cities: z.array(z.string()),
});
export type VacancyList = z.infer<typeof VacancyListSchema>;
