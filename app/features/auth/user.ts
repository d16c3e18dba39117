/**
 * Who is signed in, as the root loader read it from the session (Epic Stack style, docs/decisions/031). No
 * copy is kept in React state: login, logout and profile changes are route actions, after which the router
 * loads the root again, and these hooks answer the new user.
 */
import type { User } from '@core/contracts/identity';
import { useRootData } from '~/lib/root-data';

/** The signed-in customer, or null for a guest (and on an error page whose root data failed to load). */
export function useOptionalUser(): User | null {
  return useRootData()?.user ?? null;
}

/** Whether the signed-in user is a support operator: the cabinet menu then links the console. */
export function useIsOperator(): boolean {
  return useRootData()?.isOperator ?? false;
}

/** The signed-in customer, on pages whose loader made sure there is one (`requireUser`). */
export function useUser(): User {
  const user = useOptionalUser();
  if (!user) {
    throw new Error('useUser is for pages whose loader requires a user; use useOptionalUser elsewhere');
  }
  return user;
}
