process.env.NODE_ENV = 'production';
const { createRequestHandler } = await import('react-router');
const build = await import('./build/server/index.js');
const settings = JSON.parse(process.env.SETTINGS);
const ctx = { services: { content: { getSiteSettings: async () => settings, getPage: async () => ({}), listContentPages: async () => [] } }, publicBaseUrl: 'http://x', sellerSiteUrl: 'https://seller.fresh-market.ru' };
const handle = createRequestHandler(build, 'production');
async function once() { const r = await handle(new Request('http://127.0.0.1/'), ctx); return (await r.text()).length; }
for (let i = 0; i < 50; i++) await once();
const n = 500; const t = performance.now();
for (let i = 0; i < n; i++) await once();
console.log('ms per render', ((performance.now() - t) / n).toFixed(2));
