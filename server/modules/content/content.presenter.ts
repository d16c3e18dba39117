import type {
  Article,
  ArticleCard,
  City,
  PageSeo,
  Recipe,
  RecipeCard,
  RecipeIngredient,
  Vacancy,
} from '@core/contracts/content';
import type {
  ArticleCardRow,
  ArticleDetailRows,
  CityRows,
  PageRow,
  RecipeCardRow,
  RecipeDetailRows,
  VacancyRow,
} from './content.repository';

export function presentCities({ cityRows, zoneRows }: CityRows): City[] {
  return cityRows.map((city) => ({
    _id: city.id,
    name: city.name,
    slug: city.slug,
    default: city.isDefault,
    center: { latitude: city.centerLatitude, longitude: city.centerLongitude },
    delivery_areas: zoneRows
      .filter((zone) => zone.cityId === city.id)
      .map((zone) => ({ _id: zone.id, name: zone.name, color: zone.color, zone: zone.polygon })),
  }));
}

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

function presentIngredient({
  text,
  amount,
  product,
}: RecipeDetailRows['ingredients'][number]): RecipeIngredient {
  return {
    text,
    amount,
    product: product
      ? {
          _id: product.id,
          slug: product.slug,
          name: product.name,
          price: product.priceKopecks,
          discount: product.discountPercent,
          img: product.images[0] ?? null,
          weight: product.weightGrams,
        }
      : null,
  };
}

export function presentRecipe({ recipe, ingredients, related }: RecipeDetailRows): Recipe {
  return {
    ...presentRecipeCard(recipe),
    ingredients: ingredients.map(presentIngredient),
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
