/**
 * `lazyFirstUse` (ADR 044, "Link tabs, and the sets' popups on first use"): a server whose loader awaited the
 * module renders the component in the page's first bytes, with nothing behind a Suspense boundary for a
 * browser without JavaScript to miss; React's own `lazy` of the same loaded module does not.
 */

import { Writable } from 'node:stream';
import { lazy, type ReactNode, Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyFirstUse, onFirstUse } from './on-first-use';

function Panel({ text }: { text: string }) {
  return <p>{text}</p>;
}

/** The first bytes a browser gets from a stream whose shell is sent first, as entry.server's. */
function shellOf(node: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(node, {
      onShellReady() {
        let first: string | undefined;
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              first ??= chunk.toString();
              done();
            },
            final(done) {
              resolve(first ?? '');
              done();
            },
          }),
        );
      },
      onShellError: reject,
    });
  });
}

const page = (Lazy: React.ComponentType<{ text: string }>) => (
  <main>
    <Suspense fallback={<i>…</i>}>
      <Lazy text="Чат поддержки" />
    </Suspense>
  </main>
);

describe('lazyFirstUse', () => {
  it('renders in the shell once its module has loaded', async () => {
    const use = onFirstUse(async () => ({ Panel }));
    await use.load();
    const shell = await shellOf(page(lazyFirstUse(use, (module) => module.Panel)));
    expect(shell).toContain('<main><!--$--><p>Чат поддержки</p><!--/$--></main>');
  });

  it('where React’s lazy of the same loaded module leaves the shell its fallback', async () => {
    const use = onFirstUse(async () => ({ Panel }));
    await use.load();
    const shell = await shellOf(page(lazy(() => use.load().then((module) => ({ default: module.Panel })))));
    expect(shell).toContain('<i>…</i>');
    expect(shell).not.toContain('<p>Чат поддержки</p>');
  });

  it('suspends while its module is not here, and loads it', async () => {
    let arrive: (module: { Panel: typeof Panel }) => void = () => {};
    const use = onFirstUse(() => new Promise<{ Panel: typeof Panel }>((resolve) => (arrive = resolve)));
    const shell = shellOf(page(lazyFirstUse(use, (module) => module.Panel)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    arrive({ Panel });
    expect(await shell).toContain('<i>…</i>');
    expect(use.loaded()?.Panel).toBe(Panel);
  });
});
