/**
 * The offline page's script (public/offline.html, ADR 050). It lists a guest's basket as this device keeps it
 * (app/features/basket/basket-data.ts: GUEST_BASKET_STORAGE_KEY, point id → lines of { product, quantity }),
 * names and quantities only: prices and stock are the server's to confirm. Text goes in as text, never markup.
 * 'Повторить' opens the page the customer wanted (this page stands at its address; the main page without
 * JavaScript), and when the connection returns that page loads again by itself.
 */
const BASKET_KEY = 'fresh:basket';
/** A basket is a few dozen lines; a stored value beyond this is not listed in full. */
const MAX_LINES = 100;

function storedLines() {
  try {
    const basket = JSON.parse(window.localStorage.getItem(BASKET_KEY) ?? 'null');
    if (typeof basket !== 'object' || basket === null || Array.isArray(basket)) return [];
    const lines = [];
    for (const group of Object.values(basket)) {
      if (!Array.isArray(group)) continue;
      for (const item of group) {
        const name = item?.product?.name;
        const quantity = item?.quantity;
        if (typeof name !== 'string' || !Number.isInteger(quantity) || quantity < 1) continue;
        const shop = item.product.store?.name;
        lines.push({ name, shop: typeof shop === 'string' ? shop : '', quantity });
        if (lines.length === MAX_LINES) return lines;
      }
    }
    return lines;
  } catch {
    return []; // storage switched off, or not a basket
  }
}

function showBasket() {
  const lines = storedLines();
  const section = document.getElementById('offline-basket');
  const list = document.getElementById('offline-basket-lines');
  if (!section || !list || lines.length === 0) return;
  for (const line of lines) {
    const item = document.createElement('li');
    const name = document.createElement('span');
    name.textContent = line.shop ? `${line.name} (${line.shop})` : line.name;
    const quantity = document.createElement('span');
    quantity.textContent = `${line.quantity} шт.`;
    item.append(name, quantity);
    list.append(item);
  }
  section.hidden = false;
}

const retry = document.getElementById('offline-retry');
if (retry) retry.href = window.location.href;
showBasket();
window.addEventListener('online', () => window.location.reload());
