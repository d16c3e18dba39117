import type { Article, Recipe } from '@core/contracts/content';
import { toIsoDuration } from '@core/rules/date';
import { formatCount } from '@core/rules/plural';
import { SITE_NAME } from '~/lib/seo';
import { absoluteUrl } from './list-url';
import { SERVINGS_FORMS } from './words';

type JsonLd = Record<string, unknown>;

const publisher = (origin: string): JsonLd => ({
  '@type': 'Organization',
  name: SITE_NAME,
  url: absoluteUrl(origin, '/'),
});

/**
 * schema.org Recipe for a recipe page. React Router's Meta renders it in a script tag and escapes `<`, `>` and
 * `&`, so text from the database cannot close the tag.
 */
export function recipeJsonLd(recipe: Recipe, origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: recipe.title,
    description: recipe.summary,
    ...(recipe.img ? { image: [absoluteUrl(origin, recipe.img)] } : {}),
    url: absoluteUrl(origin, `/recipes/${recipe.slug}`),
    datePublished: recipe.published_at,
    author: publisher(origin),
    totalTime: toIsoDuration(recipe.cook_minutes),
    recipeYield: formatCount(recipe.servings, SERVINGS_FORMS),
    recipeIngredient: recipe.ingredients.map(({ text, amount }) => (amount ? `${text} — ${amount}` : text)),
    recipeInstructions: recipe.steps.map((text, index) => ({
      '@type': 'HowToStep',
      position: index + 1,
      text,
    })),
  };
}

/** schema.org Article (blog) or NewsArticle (news) for an article page. */
export function articleJsonLd(article: Article, origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': article.kind === 'news' ? 'NewsArticle' : 'Article',
    headline: article.title,
    description: article.summary,
    ...(article.img ? { image: [absoluteUrl(origin, article.img)] } : {}),
    mainEntityOfPage: absoluteUrl(origin, `/${article.kind}/${article.slug}`),
    datePublished: article.published_at,
    dateModified: article.published_at,
    author: publisher(origin),
    publisher: publisher(origin),
  };
}
