import { ShoppingBasket } from 'lucide-react';
import { buttonStyles } from '~/components/ui/button';
import { useToast } from '~/components/ui/toast';
import { cx } from '~/lib/cx';

export type AddToBasketProps = {
  productId: string;
  productName: string;
  isInStock: boolean;
  className?: string;
  size?: 'md' | 'lg';
  /** Text only: product grids render dozens of these. */
  compact?: boolean;
};

/** The add-to-basket control of product cards and the product page. */
export function AddToBasket({
  productName,
  isInStock,
  className,
  size = 'md',
  compact = false,
}: AddToBasketProps) {
  const toast = useToast();
  if (!isInStock) {
    return (
      <p
        className={cx(
          'rounded-xl bg-surface px-3 py-2 text-center text-sm font-medium text-muted',
          className,
        )}
      >
        Нет в наличии
      </p>
    );
  }
  return (
    // A native button: grids render dozens of these, and react-aria's Button costs more per instance.
    <button
      type="button"
      aria-label={`В корзину: ${productName}`}
      className={buttonStyles({ size: size === 'lg' ? 'lg' : 'md', className: cx('w-full', className) })}
      onClick={() => toast.show({ type: 'info', title: 'Корзина', content: 'Корзина появится совсем скоро' })}
    >
      {compact ? null : <ShoppingBasket aria-hidden="true" className="size-5" />}В корзину
    </button>
  );
}
