/**
 * The offline page's script (public/offline.html, ADR 050). A guest's basket lives on this device
 * (app/features/basket/basket-data.ts: GUEST_BASKET_STORAGE_KEY, point id → lines of { product, quantity }), so
 * it keeps working offline: the page lists it and the guest can step a line's quantity or remove it, written
 * back in the same shape the storefront reads when the connection returns. Prices and stock are the server's
 * to confirm: a line steps up to the stock it was added with (as the basket page's counter does), never
 * past 999. Text goes in as text, never markup.
 * 'Повторить' opens the page the customer wanted (this page stands at its address; the main page without
 * JavaScript), and when the connection returns that page loads again by itself.
 */
const BASKET_KEY = 'fresh:basket';
/** A basket is a few dozen lines; a stored value beyond this is not listed in full. */
const MAX_LINES = 100;
/** The storefront's cap on one line (basket-data.ts drops a line above it). */
const MAX_QUANTITY = 999;

function readStored() {
  try {
    const basket = JSON.parse(window.localStorage.getItem(BASKET_KEY) ?? 'null');
    return typeof basket === 'object' && basket !== null && !Array.isArray(basket) ? basket : null;
  } catch {
    return null; // storage switched off, or not a basket
  }
}

function writeStored(basket) {
  try {
    if (Object.keys(basket).length === 0) window.localStorage.removeItem(BASKET_KEY);
    else window.localStorage.setItem(BASKET_KEY, JSON.stringify(basket));
    return true;
  } catch {
    return false; // storage full or switched off: the change is not kept, and the page says so
  }
}

/** The lines the storefront would read, each with where it is in the stored value. */
function linesOf(basket) {
  const lines = [];
  for (const [pointId, group] of Object.entries(basket)) {
    if (!Array.isArray(group)) continue;
    group.forEach((item, index) => {
      const name = item?.product?.name;
      const quantity = item?.quantity;
      if (typeof name !== 'string' || !Number.isInteger(quantity) || quantity < 1) return;
      if (lines.length === MAX_LINES) return;
      const shop = item.product.store?.name;
      const stock = Number.isInteger(item.product.count) ? item.product.count : MAX_QUANTITY;
      lines.push({
        pointId,
        index,
        name,
        shop: typeof shop === 'string' ? shop : '',
        quantity,
        most: Math.min(stock, MAX_QUANTITY),
      });
    });
  }
  return lines;
}

/** Steps a line by delta (to 0: the line goes, and its point's group with its last line). */
function change(line, delta) {
  const basket = readStored();
  const group = basket?.[line.pointId];
  const item = Array.isArray(group) ? group[line.index] : undefined;
  if (!basket || !item || item.product?.name !== line.name) return show(); // changed in another tab
  const quantity = delta === 0 ? 0 : item.quantity + delta;
  if (quantity > line.most) return;
  if (quantity < 1) group.splice(line.index, 1);
  else item.quantity = quantity;
  if (group.length === 0) delete basket[line.pointId];
  const status = document.getElementById('offline-basket-status');
  if (!writeStored(basket) && status) status.textContent = 'Не удалось сохранить изменение на устройстве';
  show(line, delta);
}

function button(text, label, onPress) {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = 'step';
  element.textContent = text;
  element.setAttribute('aria-label', label);
  element.addEventListener('click', onPress);
  return element;
}

/** Lists the basket; after a change, focus stays on the control pressed (or moves to the list when it went). */
function show(changed, delta) {
  const section = document.getElementById('offline-basket');
  const list = document.getElementById('offline-basket-lines');
  const empty = document.getElementById('offline-basket-empty');
  if (!section || !list || !empty) return;
  const basket = readStored();
  const lines = basket ? linesOf(basket) : [];
  list.replaceChildren();
  let focus = null;
  for (const line of lines) {
    const item = document.createElement('li');
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = line.shop ? `${line.name} (${line.shop})` : line.name;
    const quantity = document.createElement('span');
    quantity.className = 'quantity';
    quantity.textContent = `${line.quantity} шт.`;
    const less = button('−', `Уменьшить количество: ${line.name}`, () => change(line, -1));
    const more = button('+', `Увеличить количество: ${line.name}`, () => change(line, 1));
    if (line.quantity >= line.most) {
      // aria-disabled keeps the button in the tab order, as the basket page's counter does.
      more.setAttribute('aria-disabled', 'true');
      more.title = 'Больше нет в наличии';
    }
    const remove = button('×', `Удалить из корзины: ${line.name}`, () => change(line, 0));
    const controls = document.createElement('span');
    controls.className = 'controls';
    controls.append(less, quantity, more, remove);
    item.append(name, controls);
    list.append(item);
    if (changed && line.pointId === changed.pointId && line.index === changed.index) {
      focus = delta > 0 ? more : less;
    }
  }
  // Shown once there was a basket, so removing its last line says it is empty rather than vanishing.
  if (lines.length > 0 || changed) section.hidden = false;
  empty.hidden = lines.length > 0;
  if (changed) (focus ?? list.closest('section'))?.focus();
}

const retry = document.getElementById('offline-retry');
if (retry) retry.href = window.location.href;
show();
window.addEventListener('online', () => window.location.reload());
