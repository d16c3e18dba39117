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
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    problems.push(`error body is not JSON: ${answer.body.slice(0, 120)}`);
    return problems;
  }
  if (parsed === null || typeof parsed !== 'object') {
    problems.push(`error body is not an object: ${answer.body.slice(0, 120)}`);
    return problems;
  }
  const body = parsed as { success?: unknown; message?: unknown; errors?: unknown };
  if (body.success !== false) problems.push(`error body without success:false: ${answer.body.slice(0, 120)}`);
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
