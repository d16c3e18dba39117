import type { Article, Recipe } from '@core/contracts/content';
import { describe, expect, it } from 'vitest';
import { articleJsonLd, recipeJsonLd } from './structured-data';

const recipe: Recipe = {
  _id: 'r1',
  slug: 'syrniki',
  title: 'Сырники',
  summary: 'Нежные сырники',
  img: '/uploads/seed/recipe-syrniki.svg',
  cook_minutes: 90,
  servings: 4,
  published_at: '2026-03-12T09:00:00.000Z',
  ingredients: [
    { text: 'Творог', amount: '500 г', product: null, packs: 0 },
    { text: 'Соль', amount: '', product: null, packs: 0 },
  ],
  steps: ['Смешайте.', 'Обжарьте.'],
  related: [],
};

const article: Article = {
  _id: 'a1',
  kind: 'news',
  slug: 'fresh-v-kostrome',
  title: 'Фреш в Костроме',
  summary: 'Мы открылись',
  img: null,
  published_at: '2026-03-12T09:00:00.000Z',
  body: 'Абзац.',
  related: [],
};

describe('recipeJsonLd', () => {
  it('describes the recipe for search engines with absolute URLs', () => {
    const data = recipeJsonLd(recipe, 'https://fresh.example');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Recipe',
      name: recipe.title,
      image: ['https://fresh.example/uploads/seed/recipe-syrniki.svg'],
      url: 'https://fresh.example/recipes/syrniki',
      totalTime: 'PT1H30M',
      recipeYield: '4\u00a0порции',
      recipeIngredient: ['Творог — 500 г', 'Соль'],
      recipeInstructions: [
        { '@type': 'HowToStep', position: 1, text: 'Смешайте.' },
        { '@type': 'HowToStep', position: 2, text: 'Обжарьте.' },
      ],
      datePublished: '2026-03-12T09:00:00.000Z',
    });
  });
});

describe('articleJsonLd', () => {
  it('marks news as NewsArticle and blog posts as Article', () => {
    expect(articleJsonLd(article, 'https://fresh.example')).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'Фреш в Костроме',
      mainEntityOfPage: 'https://fresh.example/news/fresh-v-kostrome',
      publisher: { '@type': 'Organization', name: 'Фреш' },
    });
    expect(articleJsonLd({ ...article, kind: 'blog' }, 'https://fresh.example')['@type']).toBe('Article');
  });

  it('leaves out the image when the article has none', () => {
    expect(articleJsonLd(article, 'https://fresh.example')).not.toHaveProperty('image');
  });
});
