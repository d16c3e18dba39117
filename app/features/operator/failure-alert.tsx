import { failureOf } from '~/lib/action-result';

/**
 * A console page's refused post, said at the top of the page: without JavaScript the page renders anew with
 * the action's answer, and this is where its reason shows (with JavaScript the fetchers say it in place).
 */
export function FailureAlert({ answer }: { answer: unknown }) {
  const failure = failureOf(answer);
  if (!failure) return null;
  return (
    <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-[15px] font-medium text-berry">
      {failure.message}
    </p>
  );
}
