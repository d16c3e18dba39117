import type { ProductCard } from '@core/contracts/catalog';
import type {
  Article,
  ArticleCard,
  PageSeo,
  Recipe,
  RecipeCard,
  RecipeIngredient,
  Vacancy,
} from '@core/contracts/content';
import type {
  ArticleCardRow,
  ArticleDetailRows,
  PageRow,
  RecipeCardRow,
  RecipeDetailRows,
  VacancyRow,
} from './content.repository';

export function presentPage(row: PageRow): PageSeo {
  return {
    path: row.path,
    title: row.title,
    seo_title: row.seoTitle || row.title,
    seo_desc: row.seoDesc,
    seo_keywords: row.seoKeywords,
    ...(row.hasContent ? { content: row.body } : {}),
  };
}

export function presentRecipeCard(row: RecipeCardRow): RecipeCard {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    img: row.image,
    cook_minutes: row.cookMinutes,
    servings: row.servings,
    published_at: row.publishedAt.toISOString(),
  };
}

function isOffered(card: ProductCard | undefined): card is ProductCard {
  return Boolean(card?.in_stock && card.offer && card.offer.count > 0);
}

/** An ingredient as the shopper's area can supply it: its first candidate on offer there, else its first. */
function presentIngredient(
  { text, amount, candidates }: RecipeDetailRows['ingredients'][number],
  cards: ReadonlyMap<string, ProductCard>,
): RecipeIngredient {
  const chosen =
    candidates.find((candidate) => isOffered(cards.get(candidate.productId))) ??
    candidates.find((candidate) => cards.has(candidate.productId));
  const card = chosen ? cards.get(chosen.productId) : undefined;
  return {
    text,
    amount,
    product: card
      ? {
          _id: card._id,
          slug: card.slug,
          name: card.name,
          price: card.price,
          discount: card.discount,
          img: card.img,
          weight: card.weight,
          store: card.store,
          offer: isOffered(card) && card.offer ? { point: card.offer.point, count: card.offer.count } : null,
          ...(card.by_weight ? { by_weight: card.by_weight } : {}),
        }
      : null,
    packs: card && chosen ? chosen.packs : 0,
  };
}

/**
 * A recipe with its ingredients; a linked product is shown as its card in the shopper's area shows it (the
 * catalogue's card: the offer's price, ADR 014), so the recipe and the basket agree.
 */
export function presentRecipe(
  { recipe, ingredients, related }: RecipeDetailRows,
  cards: ReadonlyMap<string, ProductCard>,
): Recipe {
  return {
    ...presentRecipeCard(recipe),
    ingredients: ingredients.map((ingredient) => presentIngredient(ingredient, cards)),
    steps: recipe.steps,
    related: related.map(presentRecipeCard),
  };
}

export function presentArticleCard(row: ArticleCardRow): ArticleCard {
  return {
    _id: row.id,
    kind: row.kind,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    img: row.image,
    published_at: row.publishedAt.toISOString(),
  };
}

export function presentArticle({ article, related }: ArticleDetailRows): Article {
  return {
    ...presentArticleCard(article),
    body: article.body,
    related: related.map(presentArticleCard),
  };
}

export function presentVacancy(row: VacancyRow): Vacancy {
  return {
    _id: row.id,
    title: row.title,
    city: row.city,
    employment: row.employment,
    salary_from: row.salaryFromRoubles,
    salary_to: row.salaryToRoubles,
    description: row.description,
    requirements: row.requirements,
    published_at: row.publishedAt.toISOString(),
  };
}
