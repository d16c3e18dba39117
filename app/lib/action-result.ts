/**
 * What a failed action gives its form (app/lib/actions.server.ts makes it): one message for the whole form,
 * one per field (the API's shape), and optionally the posted values, so a page rendered anew (no JavaScript)
 * keeps what was typed. Here, apart from the server module, so forms in the browser can read it.
 */
export type ActionFailure = {
  ok: false;
  message: string;
  fields: Record<string, string>;
  values?: Record<string, string>;
};

/** The failure of an action's answer (a fetcher's data or the page's actionData), if it is one. */
export function failureOf(answer: unknown): ActionFailure | undefined {
  if (typeof answer !== 'object' || answer === null || !('ok' in answer) || answer.ok !== false)
    return undefined;
  const { message, fields, values } = answer as Partial<ActionFailure>;
  return {
    ok: false,
    message: typeof message === 'string' ? message : '',
    fields: fields ?? {},
    ...(values ? { values } : {}),
  };
}
