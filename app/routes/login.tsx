import { useState } from 'react';
import { type ShouldRevalidateFunctionArgs, useNavigate } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { useToast } from '~/components/ui/toast';
import { CodeForm, codeSubtitle } from '~/features/auth/code-form';
import { finishLogin } from '~/features/auth/finish-login';
import { LOGIN_ACTION, REDIRECT_TO_PARAM } from '~/features/auth/login';
import { LOGIN_HIDDEN_FIELDS, runLoginIntent } from '~/features/auth/login.server';
import { type CodeRecipient, LOGIN_SUBTITLE, LoginForm } from '~/features/auth/login-form';
import { failureOf } from '~/lib/action-result';
import { runFormAction } from '~/lib/actions.server';
import { requireAnonymous } from '~/lib/auth.server';
import { safeRedirectPath } from '~/lib/safe-redirect';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = () => [
  { title: 'Вход — Фреш' },
  { name: 'robots', content: 'noindex' },
];

/** A signed-in customer has nothing to do here: on to where they were going. */
export function loader({ context, request }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get(REDIRECT_TO_PARAM));
  requireAnonymous(context, { redirectTo });
  return { redirectTo };
}

/**
 * The page's own posts (fetchers, with JavaScript) do not load it again: after a right code its loader would
 * redirect the now signed-in customer before the page has finished the login (the root still reloads).
 */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith(LOGIN_ACTION)) return false;
  return defaultShouldRevalidate;
}

/**
 * 'Получить код' and 'Войти' (ADR 028): the login and code popups' fetchers and this page's plain forms
 * post here; the identity service, the API's contracts and its session cookie.
 */
export async function action({ context, request }: Route.ActionArgs) {
  return runFormAction(
    request,
    () => undefined,
    (form) => runLoginIntent(context, form),
    { hideFields: LOGIN_HIDDEN_FIELDS },
  );
}

/**
 * /login — the popups' steps as a page, for a browser without JavaScript (the header's 'Войти' is a form
 * that leads here until the page is hydrated) and for a link that needs a signed-in customer. With
 * JavaScript it works as the popups do and then goes to `redirectTo`.
 */
export default function LoginPage({ loaderData: { redirectTo }, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const toast = useToast();
  // Without JavaScript each post renders this page anew: the step comes from the action's answer (a code
  // sent, or a refusal with what was posted: intent 'code' is the phone step, 'login' the code step).
  const failure = failureOf(actionData);
  const posted = failure?.result?.initialValue ?? {};
  const failedStep = posted.intent === 'login' ? 'code' : posted.intent === 'code' ? 'phone' : undefined;
  const codeSentTo =
    actionData && !failure && 'intent' in actionData && actionData.intent === 'code'
      ? actionData.recipient
      : null;
  const [recipient, setRecipient] = useState<CodeRecipient | null>(
    codeSentTo ?? (failedStep === 'code' ? { name: textOf(posted.name), phone: textOf(posted.phone) } : null),
  );

  return (
    <div className="mx-auto flex max-w-[480px] flex-col gap-5 px-4 pt-4 pb-10 sm:px-6 sm:pt-6">
      <Breadcrumbs items={[{ label: 'Вход' }]} />
      <section aria-labelledby="login-title" className="rounded-3xl bg-white p-6 shadow-card sm:p-8">
        <h1 id="login-title" className="text-2xl font-bold leading-tight sm:text-3xl">
          {recipient ? 'Введите код' : 'Добро пожаловать'}
        </h1>
        <p className="mt-1.5 mb-5 text-[15px] text-muted">
          {recipient ? codeSubtitle(recipient) : LOGIN_SUBTITLE}
        </p>
        {recipient ? (
          <CodeForm
            key={recipient.phone}
            recipient={recipient}
            redirectTo={redirectTo}
            lastResult={failedStep === 'code' ? failure?.result : undefined}
            onChangeNumber={() => setRecipient(null)}
            onSignedIn={(signedIn) => {
              finishLogin(signedIn, toast);
              void navigate(redirectTo, { replace: true });
            }}
          />
        ) : (
          <LoginForm
            redirectTo={redirectTo}
            lastResult={failedStep === 'phone' ? failure?.result : undefined}
            onCodeSent={setRecipient}
          />
        )}
      </section>
    </div>
  );
}

/** A posted value as text ('' for anything else). */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
