import type { Vacancy, VacancyList } from '@core/contracts/content';
import { formatDate } from '@core/rules/date';
import { formatCount } from '@core/rules/plural';
import { formatSalary } from '@core/rules/salary';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/icon';
import { ApplyButton } from '~/features/vacancies/apply-button';
import { cx } from '~/lib/cx';
import { ContentContainer, PageHeading } from './layout';
import { VACANCIES_FORMS } from './words';

export const VACANCY_PATH = '/vacancy';
export const VACANCY_TITLE = 'Вакансии';
export const VACANCY_LEAD =
  'Курьеры, сборщики, поддержка и разработка: присоединяйтесь к команде Фреша в Ярославле и Костроме.';

/** The link of a city filter (`?city=Кострома`); without a city, all vacancies. */
export function vacancyFilterHref(city?: string): string {
  return city ? `${VACANCY_PATH}?${new URLSearchParams({ city })}` : VACANCY_PATH;
}

function CityFilter({ cities, current }: { cities: readonly string[]; current?: string }) {
  const options: { label: string; city?: string }[] = [
    { label: 'Все города' },
    ...cities.map((city) => ({ label: city, city })),
  ];
  return (
    <nav aria-label="Город" className="mt-5">
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => {
          const isCurrent = option.city === current;
          return (
            <li key={option.label}>
              <Link
                to={vacancyFilterHref(option.city)}
                preventScrollReset
                aria-current={isCurrent ? 'page' : undefined}
                className={cx(
                  'inline-flex h-10 items-center gap-1.5 rounded-full px-4 text-[15px] font-semibold transition-colors',
                  isCurrent
                    ? 'bg-brand-600 text-white'
                    : 'bg-white text-ink shadow-card hover:bg-brand-50 hover:text-brand-800',
                )}
              >
                {option.city ? <Icon name="map-pin" className="size-4" /> : null}
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function VacancyCard({ vacancy }: { vacancy: Vacancy }) {
  return (
    <article className="flex h-full flex-col rounded-3xl bg-white p-5 shadow-card sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h3 className="text-xl leading-snug font-bold">{vacancy.title}</h3>
        <p className="text-lg font-extrabold whitespace-nowrap text-brand-700">
          {formatSalary(vacancy.salary_from, vacancy.salary_to)}
        </p>
      </div>
      <ul className="mt-3 flex flex-wrap gap-2 text-sm font-medium">
        <li className="inline-flex items-center gap-1.5 rounded-full bg-sun-soft px-3 py-1 text-ink">
          <Icon name="briefcase" className="size-4" />
          {vacancy.employment}
        </li>
        <li className="inline-flex items-center gap-1.5 rounded-full bg-surface px-3 py-1 text-ink">
          <Icon name="map-pin" className="size-4" />
          {vacancy.city}
        </li>
      </ul>
      <p className="mt-4 text-[15px] leading-relaxed">{vacancy.description}</p>
      {vacancy.requirements.length > 0 ? (
        <>
          <h4 className="mt-5 text-sm font-bold tracking-wide text-muted uppercase">Требования</h4>
          <ul className="mt-2 space-y-1.5">
            {vacancy.requirements.map((requirement) => (
              <li key={requirement} className="flex gap-2 text-[15px]">
                <Icon name="check" className="mt-0.5 size-5 shrink-0 text-brand-600" />
                {requirement}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-5">
        <ApplyButton vacancy={vacancy} />
        <p className="text-sm text-muted">
          Опубликовано <time dateTime={vacancy.published_at}>{formatDate(vacancy.published_at)}</time>
        </p>
      </div>
    </article>
  );
}

/** /vacancy: open vacancies grouped by city, with a city filter that keeps the URL shareable. */
export function VacancyListView({ list, city }: { list: VacancyList; city?: string }) {
  const groups = [...new Set(list.items.map((vacancy) => vacancy.city))].map((groupCity) => ({
    city: groupCity,
    items: list.items.filter((vacancy) => vacancy.city === groupCity),
  }));
  return (
    <ContentContainer>
      <PageHeading crumbs={[{ label: VACANCY_TITLE }]} title={VACANCY_TITLE} lead={VACANCY_LEAD}>
        <CityFilter cities={list.cities} current={city} />
      </PageHeading>
      <p className="mb-6 text-[15px] font-medium text-muted" aria-live="polite">
        {list.items.length > 0
          ? `${formatCount(list.items.length, VACANCIES_FORMS)}${city ? ` в городе ${city}` : ''}`
          : ''}
      </p>
      {groups.length === 0 ? (
        <div className="rounded-3xl bg-white p-8 text-center shadow-card">
          <p className="text-lg font-semibold">В этом городе пока нет открытых вакансий</p>
          <Link
            to={VACANCY_PATH}
            className="mt-3 inline-block rounded font-semibold text-brand-700 hover:underline"
          >
            Смотреть все вакансии
          </Link>
        </div>
      ) : (
        <div className="space-y-10">
          {groups.map((group, index) => (
            <section key={group.city} aria-labelledby={`vacancy-city-${index}`}>
              <h2
                id={`vacancy-city-${index}`}
                className="flex items-baseline gap-3 text-2xl font-extrabold tracking-tight"
              >
                {group.city}
                <span className="text-base font-semibold text-muted">
                  {formatCount(group.items.length, VACANCIES_FORMS)}
                </span>
              </h2>
              <ul className="mt-4 grid gap-4 lg:grid-cols-2 lg:gap-6">
                {group.items.map((vacancy) => (
                  <li key={vacancy._id}>
                    <VacancyCard vacancy={vacancy} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </ContentContainer>
  );
}
