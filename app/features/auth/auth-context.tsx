import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { LoginPlaceholderDialog } from './login-placeholder-dialog';

/** The signed-in customer as the shell needs it; the login issue widens this. */
export type AuthUser = {
  name: string;
  phone: string;
};

export type AuthContextValue = {
  user: AuthUser | null;
  isAuthenticated: boolean;
  /** Opens the login popup ('Добро пожаловать'). */
  openLogin: () => void;
  /** Opens profile settings; a guest gets the login popup instead. */
  openProfileSettings: () => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Who is signed in, and the login popup. There is no login yet, so everyone is a guest and openLogin shows
 * a placeholder dialog; the login issue replaces the dialog and feeds `user`.
 */
export function AuthProvider({ user = null, children }: { user?: AuthUser | null; children: ReactNode }) {
  const [isLoginOpen, setLoginOpen] = useState(false);
  const openLogin = useCallback(() => setLoginOpen(true), []);
  const openProfileSettings = useCallback(() => {
    // Profile settings arrive with the login issue; until then everybody is a guest.
    setLoginOpen(true);
  }, []);
  const value = useMemo<AuthContextValue>(
    () => ({ user, isAuthenticated: user !== null, openLogin, openProfileSettings }),
    [user, openLogin, openProfileSettings],
  );
  return (
    <AuthContext value={value}>
      {children}
      <LoginPlaceholderDialog isOpen={isLoginOpen} onOpenChange={setLoginOpen} />
    </AuthContext>
  );
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
