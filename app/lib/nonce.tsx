import { createContext, type ReactNode, useContext } from 'react';

/**
 * The CSP nonce of this response (server/http/security-headers.ts). The server renders it into every script
 * tag; in the browser it is read back from those tags (browsers hide it from the attribute but keep it in
 * the .nonce property), so hydration sees the same value.
 */
const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ nonce, children }: { nonce: string | undefined; children: ReactNode }) {
  return <NonceContext value={nonce}>{children}</NonceContext>;
}

export function useNonce(): string | undefined {
  const nonce = useContext(NonceContext);
  if (nonce !== undefined || typeof document === 'undefined') return nonce;
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}
