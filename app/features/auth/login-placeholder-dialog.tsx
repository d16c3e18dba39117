import { Smartphone } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';

/** Stands in for the SMS login popup until it exists: same title, tells the customer what is coming. */
export function LoginPlaceholderDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title="Добро пожаловать" size="sm">
      <div className="flex items-start gap-4 rounded-2xl bg-brand-50 p-4">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white text-brand-700">
          <Smartphone aria-hidden="true" className="size-5" />
        </span>
        <p className="text-[15px] leading-relaxed text-ink">
          Скоро здесь можно будет войти по номеру телефона и коду из SMS. Пока вы можете выбирать товары и
          собирать корзину без входа.
        </p>
      </div>
      <Button className="mt-6 w-full" onPress={() => onOpenChange(false)}>
        Понятно
      </Button>
    </Modal>
  );
}
