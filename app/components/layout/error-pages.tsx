import { isChunkLoadError } from '@core/rules/chunk-reload';
import { useEffect } from 'react';
import { isRouteErrorResponse } from 'react-router';
import { buttonStyles, LinkButton } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { reloadAfterChunkError } from '~/lib/chunk-reload.client';
import { ERROR_CODE_ELEMENT_ID, useRequestId } from '~/lib/request-id';

/** SPEC §2: 'Ошибка 404' with an explanation and the way to the catalogue and home. */
export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-[1360px] flex-col items-center px-4 py-16 text-center sm:py-24">
      <div aria-hidden="true" className="relative mb-8 select-none">
        <span className="text-[120px] leading-none font-black tracking-tighter text-brand-100 sm:text-[180px]">
          404
        </span>
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="inline-flex size-20 items-center justify-center rounded-full bg-white text-brand-600 shadow-card sm:size-24">
            <Icon name="carrot" className="size-10 sm:size-12" />
          </span>
        </span>
      </div>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Ошибка 404</h1>
      <p className="mt-4 max-w-md text-base leading-relaxed text-muted sm:text-lg">
        Такой страницы нет. Возможно, она была удалена или вы перешли по неверной ссылке.
      </p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <LinkButton to="/catalog" size="lg">
          В каталог
        </LinkButton>
        <LinkButton to="/" size="lg" variant="secondary">
          На главную
        </LinkButton>
      </div>
    </section>
  );
}

/** The page for any other unhandled error (people only: the server answers bots with a plain status). */
export function ErrorPage({ error }: { error?: unknown }) {
  useEffect(() => {
    // A route chunk that no longer exists (a deploy happened): reloading fetches the new build.
    if (isChunkLoadError(error)) reloadAfterChunkError();
  }, [error]);
  // 503: the database or cache connection dropped (server/http/unavailable.ts); it comes back by itself.
  const isUnavailable = isRouteErrorResponse(error) && error.status === 503;
  // The request's id, for support to find its log lines (ADR 048).
  const requestId = useRequestId();
  return (
    <section className="mx-auto flex max-w-[1360px] flex-col items-center px-4 py-16 text-center sm:py-24">
      <span
        aria-hidden="true"
        className="mb-8 inline-flex size-24 items-center justify-center rounded-full bg-sun-soft text-amber-700"
      >
        <Icon name="citrus" className="size-12" />
      </span>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
        {isUnavailable ? 'Сервис временно недоступен' : 'Что-то пошло не так'}
      </h1>
      <p className="mt-4 max-w-md text-base leading-relaxed text-muted sm:text-lg">
        {isUnavailable
          ? 'Попробуйте обновить страницу через минуту.'
          : 'Мы уже разбираемся. Попробуйте обновить страницу чуть позже или вернитесь на главную.'}
      </p>
      {requestId && (
        <p className="mt-2 text-sm text-muted">
          Код ошибки: <span id={ERROR_CODE_ELEMENT_ID}>{requestId}</span>
        </p>
      )}
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <button
          type="button"
          className={buttonStyles({ size: 'lg' })}
          onClick={() => window.location.reload()}
        >
          <Icon name="refresh-cw" className="size-5" />
          Попробовать снова
        </button>
        <LinkButton to="/" size="lg" variant="secondary" reloadDocument>
          На главную
        </LinkButton>
      </div>
    </section>
  );
}
