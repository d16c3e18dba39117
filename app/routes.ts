import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // Catalogue (DESIGN.md §3 "Catalogue shape"): everything, one shop, one point, one point's category.
  route('catalog', 'routes/catalog.tsx', { id: 'catalog' }),
  route('catalog/:store', 'routes/catalog.tsx', { id: 'catalog-store' }),
  route('catalog/:store/:point', 'routes/catalog.tsx', { id: 'catalog-point' }),
  route('catalog/:store/:point/:slug', 'routes/catalog.tsx', { id: 'catalog-point-category' }),
  route('product/:slug', 'routes/product.tsx'),
  route('shops', 'routes/shops.tsx'),
  route('store/:id', 'routes/store.tsx'),
  route('search', 'routes/search.tsx'),
  route('order', 'routes/order.tsx'),
  route('order/:slug', 'routes/order-detail.tsx'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  // Content (recipes, blog, news, vacancies) and the generic content pages.
  route('recipes', 'routes/recipes.tsx'),
  route('recipes/:slug', 'routes/recipe.tsx'),
  route('blog', 'routes/blog.tsx'),
  route('blog/:slug', 'routes/blog-post.tsx'),
  route('news', 'routes/news.tsx'),
  route('news/:slug', 'routes/news-item.tsx'),
  route('vacancy', 'routes/vacancy.tsx'),
  // The basket, grouped by point (the 'back' layout, core/rules/layout).
  route('basket', 'routes/basket.tsx'),
  // The personal cabinet (SPEC §2): /lk?active=orders|payment|notification|chat|delivery|discount.
  route('lk', 'routes/cabinet.tsx'),
  // Login by SMS code: the popups' fetchers post here; the page itself works without JavaScript.
  route('login', 'routes/login.tsx'),
  // 'Выйти': a form post that ends the session (no page of its own).
  route('logout', 'routes/logout.ts'),
  // Where the assortment comes from, as plain forms (the address and pickup popups without JavaScript, ADR 038).
  route('location', 'routes/location.tsx'),
  // Favourites (SPEC §2, §3): /favourites?tab=products|stores|articles|sets; signed in to see any data.
  route('favourites', 'routes/favourites.tsx'),
  // The operator console (ADR 034): support conversations and the order board; operators only.
  route('operator', 'routes/operator.tsx', [
    index('routes/operator-conversations.tsx', { id: 'operator-conversations' }),
    route('chats/:id', 'routes/operator-conversations.tsx', { id: 'operator-conversation' }),
    route('board', 'routes/operator-board.tsx'),
    // One order's assembly (ADR 055): lines missing or replaced, under the board.
    route('board/:number', 'routes/operator-assembly.tsx'),
    route('reviews', 'routes/operator-reviews.tsx'),
    route('requests', 'routes/operator-requests.tsx'),
    route('promo', 'routes/operator-promo.tsx'),
  ]),
  // Resource routes: actions and loaders for widgets' fetchers (no page of their own).
  route('resources/search', 'routes/resources/search.ts'),
  route('resources/addresses', 'routes/resources/addresses.ts'),
  route('resources/places', 'routes/resources/places.ts'),
  route('resources/basket-swap', 'routes/resources/basket-swap.ts'),
  route('resources/profile', 'routes/resources/profile.ts'),
  route('resources/favourites', 'routes/resources/favourites.ts'),
  route('resources/favourites/sets', 'routes/resources/favourites-sets.ts'),
  route('resources/basket', 'routes/resources/basket.ts'),
  route('resources/notifications', 'routes/resources/notifications.ts'),
  route('resources/chat', 'routes/resources/chat.ts'),
  route('resources/reviews', 'routes/resources/reviews.ts'),
  route('resources/feedback', 'routes/resources/feedback.ts'),
  route('resources/discount-card', 'routes/resources/discount-card.ts'),
  // /about, /delivery, /privacy-policy and every other path of GET /api/pages; any other slug is a 404.
  route(':slug', 'routes/content-page.tsx'),
  // Every unmatched path renders the 404 page with status 404.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
