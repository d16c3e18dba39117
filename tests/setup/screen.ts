/**
 * Testing Library's `screen`, bound to the current document. Its own `screen` is bound once, to the
 * `document.body` there is when the module is first imported; Vitest runs a worker's files one after another
 * in one process (`isolate: false`, ADR 004), each component file with a happy-dom document of its own, so in
 * every file but the first that `screen` searched the first file's empty body and found nothing. This one asks
 * the body of the document there is now, at each query.
 */
import { type BoundFunctions, type queries, within } from '@testing-library/react';

type Screen = BoundFunctions<typeof queries>;

export const screen = new Proxy({} as Screen, {
  get: (_, query) => within(document.body)[query as keyof Screen],
});
