import {
  Apple,
  ArrowRight,
  Beef,
  Carrot,
  ChefHat,
  Croissant,
  Egg,
  Fish,
  LayoutGrid,
  Leaf,
  type LucideIcon,
  Milk,
  Newspaper,
  Store,
  Truck,
  Wallet,
} from 'lucide-react';
import { Link, useRouteLoaderData } from 'react-router';
import { ExternalLinkButton, LinkButton } from '~/components/ui/button';
import { cx } from '~/lib/cx';
import { sellerLinks } from '~/lib/site-links';
import type { loader as rootLoader } from '~/root';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [
  { title: 'Фреш — продукты с доставкой' },
  {
    name: 'description',
    content:
      'Фреш — маркетплейс свежих продуктов: фермерское молоко, мясо, овощи, хлеб из пекарен. Доставка по вашему городу и самовывоз из магазинов.',
  },
];

type Tile = { to: string; title: string; text: string; icon: LucideIcon; tone: string; iconTone: string };

const SECTIONS: readonly Tile[] = [
  {
    to: '/catalog',
    title: 'Каталог',
    text: 'Все товары магазинов и фермеров рядом с вами',
    icon: LayoutGrid,
    tone: 'bg-brand-50 hover:bg-brand-100',
    iconTone: 'bg-brand-600 text-white',
  },
  {
    to: '/shops',
    title: 'Магазины',
    text: 'Фермы, пекарни, молочные и мясные лавки',
    icon: Store,
    tone: 'bg-sun-soft hover:bg-[#ffeea0]',
    iconTone: 'bg-sun text-ink',
  },
  {
    to: '/recipes',
    title: 'Рецепты',
    text: 'Что приготовить сегодня из свежих продуктов',
    icon: ChefHat,
    tone: 'bg-orange-50 hover:bg-orange-100',
    iconTone: 'bg-orange-600 text-white',
  },
  {
    to: '/blog',
    title: 'Блог',
    text: 'Истории фермеров, сезонные продукты и советы',
    icon: Newspaper,
    tone: 'bg-sky-50 hover:bg-sky-100',
    iconTone: 'bg-sky-700 text-white',
  },
];

const BENEFITS: readonly { icon: LucideIcon; title: string; text: string }[] = [
  { icon: Truck, title: 'Доставка в удобное время', text: 'Выберите интервал при оформлении' },
  { icon: Store, title: 'Самовывоз', text: 'Заберите заказ в магазине рядом' },
  { icon: Leaf, title: 'Фермерские продукты', text: 'Напрямую от хозяйств региона' },
  { icon: Wallet, title: 'Оплата при получении', text: 'Картой или наличными' },
];

const PRODUCE: readonly { icon: LucideIcon; tone: string }[] = [
  { icon: Apple, tone: 'bg-red-50 text-red-600' },
  { icon: Milk, tone: 'bg-sky-50 text-sky-700' },
  { icon: Carrot, tone: 'bg-orange-50 text-orange-600' },
  { icon: Croissant, tone: 'bg-amber-50 text-amber-700' },
  { icon: Egg, tone: 'bg-yellow-50 text-yellow-700' },
  { icon: Beef, tone: 'bg-rose-50 text-rose-700' },
  { icon: Fish, tone: 'bg-cyan-50 text-cyan-700' },
  { icon: Leaf, tone: 'bg-brand-50 text-brand-600' },
  { icon: Apple, tone: 'bg-lime-50 text-lime-700' },
];

export default function Home() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const sellers = root ? sellerLinks(root.sellerSiteUrl) : undefined;

  return (
    <div className="mx-auto flex max-w-[1360px] flex-col gap-10 px-4 pt-4 sm:px-6 sm:pt-6 lg:gap-14">
      <section
        aria-labelledby="hero-title"
        className="relative overflow-hidden rounded-[28px] bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 px-6 py-10 text-white sm:px-10 sm:py-14 lg:px-14 lg:py-16"
      >
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 size-80 rounded-full bg-brand-400/25 blur-2xl lg:size-[28rem]"
        />
        <div className="relative grid items-center gap-10 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-medium">
              <Leaf aria-hidden="true" className="size-4" />
              Маркетплейс свежих продуктов
            </p>
            <h1
              id="hero-title"
              className="mt-5 text-[32px] leading-[1.1] font-extrabold tracking-tight sm:text-5xl lg:text-[56px]"
            >
              Свежие продукты от фермеров и магазинов вашего города
            </h1>
            <p className="mt-5 max-w-xl text-base leading-relaxed text-brand-50 sm:text-lg">
              Молоко с фермы, хлеб из пекарни, овощи с грядки. Привезём к двери или соберём заказ к
              самовывозу.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <LinkButton to="/catalog" variant="sun" size="lg" className="rounded-2xl">
                Перейти в каталог
                <ArrowRight aria-hidden="true" className="size-5" />
              </LinkButton>
              <LinkButton
                to="/shops"
                size="lg"
                className="rounded-2xl bg-white/10 text-white ring-1 ring-white/40 hover:bg-white/20"
              >
                Все магазины
              </LinkButton>
            </div>
          </div>
          <div aria-hidden="true" className="hidden grid-cols-3 gap-4 lg:grid">
            {PRODUCE.map(({ icon: Icon, tone }, index) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative list.
                key={index}
                className={cx(
                  'flex aspect-square items-center justify-center rounded-3xl bg-white shadow-card',
                  index % 3 === 1 && 'translate-y-5',
                )}
              >
                <span
                  className={cx(
                    'inline-flex size-16 items-center justify-center rounded-full lg:size-20',
                    tone,
                  )}
                >
                  <Icon className="size-8 lg:size-10" />
                </span>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section aria-label="Преимущества">
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="flex flex-col items-start gap-3 rounded-2xl bg-white p-4 shadow-card sm:flex-row sm:p-5"
            >
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span>
                <span className="block text-sm font-semibold sm:text-[15px]">{title}</span>
                <span className="mt-0.5 block text-[13px] text-muted sm:text-sm">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="sections-title">
        <h2 id="sections-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          Что есть во Фреш
        </h2>
        <ul className="mt-5 grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
          {SECTIONS.map(({ to, title, text, icon: Icon, tone, iconTone }) => (
            <li key={to}>
              <Link
                to={to}
                prefetch="intent"
                className={cx(
                  'group flex h-full flex-col gap-5 rounded-3xl p-4 transition-colors sm:gap-6 sm:p-6 lg:min-h-52',
                  tone,
                )}
              >
                <span className={cx('inline-flex size-12 items-center justify-center rounded-2xl', iconTone)}>
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <span className="mt-auto">
                  <span className="flex items-center justify-between text-lg font-bold sm:text-xl">
                    {title}
                    <ArrowRight
                      aria-hidden="true"
                      className="hidden size-5 transition-transform group-hover:translate-x-1 sm:block"
                    />
                  </span>
                  <span className="mt-1 block text-sm text-muted sm:text-[15px]">{text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {sellers ? (
        <section
          aria-labelledby="sellers-title"
          className="flex flex-col items-start justify-between gap-6 rounded-3xl bg-white p-6 shadow-card sm:flex-row sm:items-center sm:p-8"
        >
          <div>
            <h2 id="sellers-title" className="text-xl font-extrabold tracking-tight sm:text-2xl">
              Продаёте продукты?
            </h2>
            <p className="mt-1.5 max-w-xl text-[15px] text-muted">
              Подключите свой магазин или ферму к Фреш и получайте заказы от покупателей вашего города.
            </p>
          </div>
          <ExternalLinkButton href={sellers.register} variant="outline" size="lg" className="rounded-2xl">
            Стать продавцом
          </ExternalLinkButton>
        </section>
      ) : null}
    </div>
  );
}
