import { ShoppingBasket } from 'lucide-react';
import { Button } from '~/components/ui/button';
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
    <Button
      size={size === 'lg' ? 'lg' : 'md'}
      aria-label={`В корзину: ${productName}`}
      className={cx('w-full', className)}
      onPress={() => toast.show({ type: 'info', title: 'Корзина', content: 'Корзина появится совсем скоро' })}
    >
      {compact ? null : <ShoppingBasket aria-hidden="true" className="size-5" />}В корзину
    </Button>
  );
}
