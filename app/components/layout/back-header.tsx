import { Link, useLocation, useNavigate } from 'react-router';
import { Icon } from '~/components/ui/icon';
import { Logo } from './logo';

/** The 'back' layout's compact header: 'Назад' and the logo (SPEC §2: basket and order pages). */
export function BackHeader() {
  const navigate = useNavigate();
  const location = useLocation();
  // 'default' is the key of the first page of this visit: there is nothing of ours to go back to.
  const goBack = () => (location.key === 'default' ? navigate('/') : navigate(-1));
  return (
    <header className="bg-white shadow-[0_1px_0_var(--color-line)]">
      <div className="relative mx-auto flex h-16 max-w-[1360px] items-center px-3 sm:px-6">
        <button
          type="button"
          onClick={goBack}
          className="inline-flex h-11 items-center gap-2 rounded-xl px-3 text-[15px] font-semibold text-ink hover:bg-brand-50"
        >
          <Icon name="arrow-left" className="size-5" />
          Назад
        </button>
        <div className="absolute left-1/2 -translate-x-1/2">
          <Logo compact />
        </div>
      </div>
    </header>
  );
}

/** The 'back' layout's slim footer: no link groups, just the copyright and the privacy link. */
export function BackFooter({ year }: { year: number }) {
  return (
    <footer className="mt-12 border-t border-line bg-white">
      <div className="mx-auto flex max-w-[1360px] items-center justify-between gap-4 px-4 py-5 text-sm text-muted sm:px-6">
        <p>© {year} Фреш</p>
        <Link to="/privacy-policy" className="rounded-md hover:text-brand-700">
          Политика конфиденциальности
        </Link>
      </div>
    </footer>
  );
}
