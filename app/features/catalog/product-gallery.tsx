import { swipeStep, wrapIndex } from '@core/rules/swipe';
import { useRef, useState } from 'react';
import { Icon } from '~/components/ui/icon';
import { cx } from '~/lib/cx';

/** The product's pictures: swipe (50 px), the arrow buttons and thumbnails (both keyboard-reachable). */
export function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const start = useRef<{ x: number; y: number } | null>(null);
  const count = images.length;
  const go = (step: number) => setIndex((current) => wrapIndex(current + step, count));
  const current = images[index] ?? images[0];

  return (
    <section
      aria-roledescription="карусель"
      aria-label={`Фотографии: ${name}`}
      className="flex flex-col gap-3"
    >
      <div
        className="relative touch-pan-y overflow-hidden rounded-3xl bg-white shadow-card select-none"
        onPointerDown={(event) => {
          start.current = { x: event.clientX, y: event.clientY };
        }}
        onPointerUp={(event) => {
          if (!start.current) return;
          const step = swipeStep(event.clientX - start.current.x, event.clientY - start.current.y);
          start.current = null;
          if (step !== 0) go(step);
        }}
        onPointerCancel={() => {
          start.current = null;
        }}
      >
        {current ? (
          <img
            src={current}
            alt={count > 1 ? `${name}, фото ${index + 1} из ${count}` : name}
            width={800}
            height={800}
            draggable={false}
            // The product page's largest paint.
            fetchPriority={index === 0 ? 'high' : undefined}
            className="aspect-square w-full object-cover"
          />
        ) : (
          <div className="aspect-square w-full bg-surface" />
        )}
        {count > 1 ? (
          <>
            <button
              type="button"
              aria-label="Предыдущее фото"
              onClick={() => go(-1)}
              className="absolute top-1/2 left-3 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 shadow-card hover:bg-white"
            >
              <Icon name="chevron-left" />
            </button>
            <button
              type="button"
              aria-label="Следующее фото"
              onClick={() => go(1)}
              className="absolute top-1/2 right-3 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 shadow-card hover:bg-white"
            >
              <Icon name="chevron-right" />
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="flex gap-2" aria-label="Все фото">
          {images.map((image, i) => (
            <li key={image}>
              <button
                type="button"
                aria-label={`Фото ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
                className={cx(
                  'overflow-hidden rounded-xl border-2 bg-white',
                  i === index ? 'border-brand-600' : 'border-transparent hover:border-brand-200',
                )}
              >
                <img
                  src={image}
                  alt=""
                  width={72}
                  height={72}
                  loading="lazy"
                  className="size-16 object-cover sm:size-18"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
