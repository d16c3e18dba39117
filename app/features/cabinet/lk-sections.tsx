import { Icon, type IconName } from '~/components/ui/icon';
import type { CabinetSection } from './cabinet';

type SectionEmptyState = { icon: IconName; title: string; text: string };

/**
 * What each cabinet tab shows until its own issue fills it (orders, payment, notifications, chat, addresses,
 * discount cards): an honest empty state that says the section is on its way.
 */
export const LK_SECTION_EMPTY_STATES: Record<CabinetSection['key'], SectionEmptyState> = {
  orders: {
    icon: 'package',
    title: 'Здесь будут ваши заказы',
    text: 'Раздел скоро появится: вы сможете следить за статусом заказов и повторять прошлые покупки.',
  },
  payment: {
    icon: 'credit-card',
    title: 'Способы оплаты',
    text: 'Сохранённых карт пока нет.',
  },
  notification: {
    icon: 'bell',
    title: 'Уведомлений пока нет',
    text: 'Раздел скоро появится: здесь будут новости о заказах и ответы поддержки.',
  },
  chat: {
    icon: 'headset',
    title: 'Чат поддержки',
    text: 'Раздел скоро появится: вы сможете написать нам прямо отсюда.',
  },
  delivery: {
    icon: 'map-pin',
    title: 'Адреса доставки',
    text: 'Раздел скоро появится: здесь будут сохранённые адреса, чтобы не вводить их каждый раз.',
  },
  discount: {
    icon: 'percent',
    title: 'Дисконтные карты',
    text: 'Карта выдаётся при первом посещении раздела.',
  },
};

export function LkSectionEmptyState({ section }: { section: CabinetSection['key'] }) {
  const { icon, title, text } = LK_SECTION_EMPTY_STATES[section];
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl bg-white px-6 py-14 text-center shadow-card">
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon name={icon} className="size-8" />
      </span>
      <h2 className="text-xl font-bold">{title}</h2>
      <p className="max-w-md text-[15px] leading-relaxed text-muted">{text}</p>
    </div>
  );
}
