import { createContext, type ReactNode, useContext } from 'react';

/** The element of the error page that shows the code; the browser reads the code back from it. */
export const ERROR_CODE_ELEMENT_ID = 'error-code';

/**
 * This response's request id (server/http/request-id.ts, ADR 048), which the error page shows as 'Код ошибки'
 * so support can find the request's log lines. The server renders it; in the browser it is read back from the
 * page the server rendered, so hydration sees the same text (as the CSP nonce is: app/lib/nonce.tsx). An error
 * met in the browser after that has no code of its own to show.
 */
const RequestIdContext = createContext<string | undefined>(undefined);

export function RequestIdProvider({ id, children }: { id: string | undefined; children: ReactNode }) {
  return <RequestIdContext value={id}>{children}</RequestIdContext>;
}

export function useRequestId(): string | undefined {
  const id = useContext(RequestIdContext);
  if (id !== undefined || typeof document === 'undefined') return id;
  return document.getElementById(ERROR_CODE_ELEMENT_ID)?.textContent || undefined;
}
