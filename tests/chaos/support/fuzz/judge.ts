/**
 * What the fuzzer accepts as an answer (issue 12, ADR 003/016): never a 5xx, always an answer, and every error
 * of the API (and of /uploads) is `{success:false, message}` in JSON, with a Russian message a person can read:
 * Cyrillic, no English type names or validator words, no regular expressions, no control characters, no
 * double full stop ('шт..'). Field messages under `errors` obey the same.
 */

export type FuzzAnswer = {
  status: number;
  contentType: string;
  body: string;
  /** Why no answer came (connection reset, timeout). */
  error?: string;
};

/**
 * English words of validators and of JavaScript's types that must not reach a customer
 * ('ожидалось object, получено string').
 */
const ENGLISH_WORDS =
  /\b(object|string|number|integer|int|float|boolean|bool|array|null|undefined|bigint|nan|symbol|function|tuple|record|union|literal|enum|expected|received|invalid|required|must|should|error|failed|unexpected|token|body|querystring|params|type|value|the|is|not|of)\b/i;

export function messageProblems(message: unknown, where = 'message'): string[] {
  if (typeof message !== 'string') return [`${where} is not a string`];
  const problems: string[] = [];
  if (!/[А-Яа-яЁё]/.test(message)) problems.push(`${where} is not Russian: ${JSON.stringify(message)}`);
  const english = ENGLISH_WORDS.exec(message);
  if (english) problems.push(`${where} has the English word '${english[0]}': ${JSON.stringify(message)}`);
  if (/(^|[^.])\.\.(?!\.)/.test(message))
    problems.push(`${where} has a double full stop: ${JSON.stringify(message)}`);
  if (/[\^$\\]|\[[a-z0-9]-|\(\?:|FST_|ERR_|\{\d/.test(message)) {
    problems.push(`${where} looks like code or a regular expression: ${JSON.stringify(message)}`);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for
  if (/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(message)) {
    problems.push(`${where} carries control or bidi characters: ${JSON.stringify(message)}`);
  }
  return problems;
}

/** Paths whose errors are ours to shape: the API and uploaded files. */
const SHAPED = /^\/(api|uploads)(\/|\?|$)/;

export function answerProblems(request: { method: string; path: string }, answer: FuzzAnswer): string[] {
  if (answer.status === 0) return [`no answer (${answer.error ?? 'connection closed'})`];
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  if (answer.status < 400 || request.method === 'HEAD') return problems;
  // Headers too large and an over-long URL are answered before routing: ours to shape whatever the path.
  if (!SHAPED.test(request.path) && answer.status !== 431 && answer.status !== 414) return problems;
  if (!/^application\/json\b/i.test(answer.contentType)) {
    problems.push(`error answered as '${answer.contentType}': ${answer.body.slice(0, 120)}`);
    return problems;
  }
  problems.push(...jsonErrorProblems(answer.body));
  return problems;
}

/** `{success:false, message, errors?}` with Russian messages, and nothing else. */
export function jsonErrorProblems(text: string): string[] {
  const problems: string[] = [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    problems.push(`error body is not JSON: ${text.slice(0, 120)}`);
    return problems;
  }
  if (parsed === null || typeof parsed !== 'object') {
    problems.push(`error body is not an object: ${text.slice(0, 120)}`);
    return problems;
  }
  const body = parsed as { success?: unknown; message?: unknown; errors?: unknown };
  if (body.success !== false) problems.push(`error body without success:false: ${text.slice(0, 120)}`);
  problems.push(...messageProblems(body.message));
  if (body.errors !== undefined) {
    if (body.errors === null || typeof body.errors !== 'object' || Array.isArray(body.errors)) {
      problems.push(
        `errors is not an object of field messages: ${JSON.stringify(body.errors).slice(0, 120)}`,
      );
    } else {
      for (const [field, message] of Object.entries(body.errors)) {
        problems.push(...messageProblems(message, `errors.${field}`));
      }
    }
  }
  const extra = Object.keys(body).filter((key) => !['success', 'message', 'errors'].includes(key));
  if (extra.length > 0) problems.push(`error body has other keys: ${extra.join(', ')}`);
  return problems;
}

/** Traces of a stack or of the server's insides that must never reach a page or a data answer. */
const LEAKS = /(\n\s+at [\w.<>]+ \(|node:internal|file:\/\/\/|\/node_modules\/|TypeError:|ReferenceError:)/;

/**
 * What the page fuzzer accepts (issue 21): never a 5xx, always an answer; an error to a browser asking for a
 * page (Accept: text/html, not a data request) is a page in Russian — the error page — never raw JSON; any
 * other error is our JSON shape, React Router's own data answer (`text/x-script`, the action's or loader's
 * refusal) or its HTML page; a crawler may get the status alone; nothing shows a stack trace.
 */
export function pageAnswerProblems(
  request: { method: string; path: string; headers: Record<string, string> },
  answer: FuzzAnswer,
): string[] {
  if (answer.status === 0) return [`no answer (${answer.error ?? 'connection closed'})`];
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  if (LEAKS.test(answer.body))
    problems.push(`the answer shows the server's insides: ${answer.body.slice(0, 200)}`);
  // HEAD has no body to judge; a refused body's answer may have been cut off while the client still sent.
  if (answer.status < 400 || request.method === 'HEAD' || (answer.error && answer.body === ''))
    return problems;
  const type = answer.contentType;
  const isDataRequest = /\.data(\?|$)/.test(request.path);
  const wantsPage =
    /\btext\/html\b/.test(request.headers.accept ?? '') &&
    !isDataRequest &&
    !/^\/(api|uploads)(\/|\?|$)/.test(request.path);
  if (/^application\/json\b/i.test(type)) {
    if (wantsPage) problems.push(`a browser asking for a page got JSON: ${answer.body.slice(0, 120)}`);
    problems.push(
      ...(isActionFailure(answer.body)
        ? actionFailureProblems(answer.body)
        : isWidgetAnswer(answer.body)
          ? messageProblems(JSON.parse(answer.body).problem, 'problem')
          : jsonErrorProblems(answer.body)),
    );
  } else if (/^text\/html\b/i.test(type)) {
    if (!/<html lang="ru"/.test(answer.body))
      problems.push(`an HTML error without lang="ru": ${answer.body.slice(0, 120)}`);
    if (!/[А-Яа-яЁё]/.test(answer.body)) problems.push('an HTML error page without a Russian word');
  } else if (/^text\/x-script\b/i.test(type)) {
    if (!isDataRequest) problems.push(`a data answer to a page request: ${answer.body.slice(0, 120)}`);
  } else if (/^text\/plain\b/i.test(type)) {
    if (!/^\d{3}$/.test(answer.body) && !/[А-Яа-яЁё]/.test(answer.body)) {
      problems.push(`a plain error neither a crawler's status nor Russian: ${answer.body.slice(0, 120)}`);
    }
  } else {
    problems.push(`error answered as '${type}': ${answer.body.slice(0, 120)}`);
  }
  return problems;
}

/**
 * A widget's answer from a resource route's loader, which its fetcher reads whatever the status (the address
 * suggestions: `{q, places, problem}`, app/routes/resources/places.ts): why there is nothing, in `problem`.
 */
function isWidgetAnswer(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && 'problem' in parsed && !('success' in parsed);
  } catch {
    return false;
  }
}

function isActionFailure(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && 'ok' in parsed && parsed.ok === false;
  } catch {
    return false;
  }
}

/**
 * A resource route's failed action as its fetcher reads it (docs/decisions/020, app/lib/action-result.ts):
 * `{ok:false, message, fields, values?, result?}`, the API's message and field messages in the form's hands;
 * `result` is Conform's submission result (ADR 042), whose error messages are the same.
 */
function actionFailureProblems(text: string): string[] {
  const body = JSON.parse(text) as {
    message?: unknown;
    fields?: unknown;
    values?: unknown;
    result?: unknown;
  };
  const problems = messageProblems(body.message);
  if (body.fields === null || typeof body.fields !== 'object' || Array.isArray(body.fields)) {
    problems.push(`fields is not an object of field messages: ${text.slice(0, 120)}`);
  } else {
    for (const [field, message] of Object.entries(body.fields)) {
      problems.push(...messageProblems(message, `fields.${field}`));
    }
  }
  const resultErrors =
    typeof body.result === 'object' && body.result !== null && 'error' in body.result
      ? body.result.error
      : undefined;
  if (typeof resultErrors === 'object' && resultErrors !== null) {
    for (const [field, messages] of Object.entries(resultErrors)) {
      for (const message of Array.isArray(messages) ? messages : []) {
        problems.push(...messageProblems(message, `result.error.${field}`));
      }
    }
  }
  const extra = Object.keys(body).filter(
    (key) => !['ok', 'message', 'fields', 'values', 'result'].includes(key),
  );
  if (extra.length > 0) problems.push(`failure has other keys: ${extra.join(', ')}`);
  return problems;
}
