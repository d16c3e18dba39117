import { describe, expect, it } from 'vitest';
import { chooseLayout } from './layout';

describe('chooseLayout', () => {
  it('uses the back layout for the basket and order pages', () => {
    expect(chooseLayout('/basket')).toBe('back');
    expect(chooseLayout('/basket/')).toBe('back');
    expect(chooseLayout('/order')).toBe('back');
    expect(chooseLayout('/order/A-1024')).toBe('back');
    expect(chooseLayout('/Order/a-1')).toBe('back');
  });

  it('ignores a query string or hash', () => {
    expect(chooseLayout('/basket?step=2')).toBe('back');
    expect(chooseLayout('/order#summary')).toBe('back');
  });

  it('uses the default layout everywhere else', () => {
    expect(chooseLayout('/')).toBe('default');
    expect(chooseLayout('')).toBe('default');
    expect(chooseLayout('/catalog')).toBe('default');
    expect(chooseLayout('/lk')).toBe('default');
    expect(chooseLayout('/product/order')).toBe('default');
    expect(chooseLayout('/catalog/basket')).toBe('default');
  });

  it('does not match a longer first segment that merely starts with order or basket', () => {
    expect(chooseLayout('/ordering-rules')).toBe('default');
    expect(chooseLayout('/baskets')).toBe('default');
  });
});
