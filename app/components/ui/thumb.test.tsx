// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Thumb } from './thumb';

afterEach(() => cleanup());

describe('Thumb', () => {
  it('shows the picture in its reserved box, decorative unless told what it shows', () => {
    const { container, getByRole } = render(
      <>
        <Thumb src="/uploads/milk.webp" size={56} className="size-14 rounded-xl" />
        <Thumb src="/uploads/sent.webp" size={64} className="size-16" alt="Прикреплённое изображение" />
      </>,
    );
    const [plain] = container.querySelectorAll('img');
    expect(plain?.getAttribute('alt')).toBe('');
    expect([plain?.getAttribute('width'), plain?.getAttribute('height')]).toEqual(['56', '56']);
    expect(plain?.getAttribute('loading')).toBe('lazy');
    expect(plain?.className.split(' ')).toEqual(
      expect.arrayContaining(['size-14', 'rounded-xl', 'bg-surface', 'object-cover']),
    );
    // Only the described picture is an image for a screen reader.
    expect(getByRole('img').getAttribute('src')).toBe('/uploads/sent.webp');
  });

  it('without a picture shows an empty box of the same size, an icon in it, or nothing', () => {
    const { container } = render(
      <>
        <Thumb src={null} size={56} className="size-14 rounded-xl" />
        <Thumb src={undefined} size={48} className="size-12" tone="white" placeholder="shopping-basket" />
        <Thumb src="" size={80} className="size-20" placeholder="none" />
      </>,
    );
    expect(container.querySelector('img')).toBeNull();
    const boxes = [...container.children];
    expect(boxes).toHaveLength(2);
    const [empty, withIcon] = boxes;
    expect(empty?.getAttribute('aria-hidden')).toBe('true');
    expect(empty?.className).toContain('size-14 rounded-xl');
    expect(empty?.childElementCount).toBe(0);
    expect(withIcon?.className).toContain('bg-white');
    expect(withIcon?.querySelector('use')?.getAttribute('href')).toMatch(/#shopping-basket$/);
  });
});
