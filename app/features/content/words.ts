import type { PluralForms } from '@core/rules/plural';

/** Russian word forms for 1, 2–4 and 5+ (core/rules/plural). */
export const PRODUCTS_FORMS: PluralForms = ['товар', 'товара', 'товаров'];
export const SERVINGS_FORMS: PluralForms = ['порция', 'порции', 'порций'];
export const INGREDIENTS_FORMS: PluralForms = ['ингредиент', 'ингредиента', 'ингредиентов'];
export const RECIPES_FORMS: PluralForms = ['рецепт', 'рецепта', 'рецептов'];
export const VACANCIES_FORMS: PluralForms = ['вакансия', 'вакансии', 'вакансий'];
export const ARTICLES_FORMS: PluralForms = ['статья', 'статьи', 'статей'];
export const NEWS_FORMS: PluralForms = ['новость', 'новости', 'новостей'];
