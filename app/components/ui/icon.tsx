import spriteUrl from '~/assets/icons.svg?no-inline';
import { cx } from '~/lib/cx';
import type { IconName } from './icon-names';

export type { IconName } from './icon-names';

/**
 * A decorative icon from the one sprite file (ADR 040): a few dozen bytes of markup however often a page
 * repeats it, and the drawing downloaded once and cached. Stroke, fill and size come from the `icon` class
 * (app.css); utilities (`size-5`, `fill-berry`) override them. The control around it carries the name.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={cx('icon', className)}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
