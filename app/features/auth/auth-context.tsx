import type { User } from '@core/contracts/identity';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useRevalidator } from 'react-router';
import { useToast } from '~/components/ui/toast';
import { api, errorMessage } from '~/lib/api-client';
import { finishLogin } from './finish-login';
import { GuestGuard } from './guest-guard';
import type { CodeRecipient } from './login-dialog';
import type { SignedIn } from './login-form';

// The popups (and the Zod contracts their forms validate with) load when first needed, not with every page.
// Loaded by hand rather than with React.lazy: once the code is here a popup opens in the same render,
// with no Suspense fallback in between.
type AuthDialogs = {
  LoginDialog: typeof import('./login-dialog').LoginDialog;
  CodeDialog: typeof import('./code-dialog').CodeDialog;
  ProfileSettingsDialog: typeof import('~/features/profile/profile-settings-dialog').ProfileSettingsDialog;
};
let loadedDialogs: AuthDialogs | undefined;
let loadingDialogs: Promise<AuthDialogs> | undefined;

function loadDialogs(): Promise<AuthDialogs> {
  loadingDialogs ??= Promise.all([
    import('./login-dialog'),
    import('./code-dialog'),
    import('~/features/profile/profile-settings-dialog'),
  ]).then(([login, code, profile]) => {
    loadedDialogs = {
      LoginDialog: login.LoginDialog,
      CodeDialog: code.CodeDialog,
      ProfileSettingsDialog: profile.ProfileSettingsDialog,
    };
    return loadedDialogs;
  });
  return loadingDialogs;
}

/** Starts loading the popups (on hover or focus of a login control), so opening them is instant. */
export function preloadLoginDialogs(): void {
  void loadDialogs().catch(() => {
    loadingDialogs = undefined;
  });
}

/** The signed-in customer (SPEC §3 User); the session token itself stays in the httpOnly cookie. */
export type AuthUser = User;

/**
 * Called after every successful login, before data is refreshed and the popup closes (SPEC §4 Login 3).
 * The basket issue registers the guest basket upload here with useLoginHook.
 */
export type LoginHook = (user: AuthUser) => void | Promise<void>;

export type AuthContextValue = {
  user: AuthUser | null;
  isAuthenticated: boolean;
  /** Opens the login popup ('Добро пожаловать'). */
  openLogin: () => void;
  /** Opens profile settings ('Настройки профиля'); a guest gets the login popup instead. */
  openProfileSettings: () => void;
  /** Ends the session; the guards then move the customer off cabinet and order pages. */
  logout: () => Promise<void>;
  registerLoginHook: (hook: LoginHook) => () => void;
};

type Dialog = 'login' | 'code' | 'profile' | null;

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Who is signed in (the root loader's user, then whatever login, profile edits and logout make of it), and the
 * login, code and profile popups.
 */
export function AuthProvider({
  user: loadedUser = null,
  children,
}: {
  user?: AuthUser | null;
  children: ReactNode;
}) {
  const [user, setUser] = useState<AuthUser | null>(loadedUser);
  // The root loader is the truth whenever it has run again (after login, logout, a profile change).
  useEffect(() => setUser(loadedUser), [loadedUser]);

  const [dialog, setDialog] = useState<Dialog>(null);
  const [loaded, setDialogs] = useState<AuthDialogs | undefined>(loadedDialogs);
  // Preloaded meanwhile (hover on 'Войти'): usable in this very render.
  const dialogs = loaded ?? loadedDialogs;
  // A popup asked for before its code is here: load it, then show it.
  useEffect(() => {
    if (dialog === null || dialogs) return;
    let isCurrent = true;
    loadDialogs().then(
      (loaded) => {
        if (isCurrent) setDialogs(loaded);
      },
      (error: unknown) => {
        loadingDialogs = undefined;
        console.error('the login popups failed to load', error);
        if (isCurrent) setDialog(null);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [dialog, dialogs]);
  const [recipient, setRecipient] = useState<CodeRecipient | null>(null);
  const loginHooks = useRef(new Set<LoginHook>());
  const { revalidate } = useRevalidator();
  const toast = useToast();
  const isAuthenticated = user !== null;

  const openLogin = useCallback(() => setDialog('login'), []);
  const openProfileSettings = useCallback(
    () => setDialog(isAuthenticated ? 'profile' : 'login'),
    [isAuthenticated],
  );
  const closeOn = useCallback((isOpen: boolean) => {
    if (!isOpen) setDialog(null);
  }, []);

  const registerLoginHook = useCallback((hook: LoginHook) => {
    loginHooks.current.add(hook);
    return () => {
      loginHooks.current.delete(hook);
    };
  }, []);

  // The login action has set the cookie, saved the guest's address and merged the guest basket, and the
  // router has loaded the page's data again: what is left is the browser's part.
  const completeLogin = useCallback(
    (signedIn: SignedIn) => {
      setUser(signedIn.user);
      finishLogin(signedIn, toast);
      for (const hook of loginHooks.current) {
        Promise.resolve()
          .then(() => hook(signedIn.user))
          .catch((error: unknown) => console.error('a login hook failed', error));
      }
      setDialog(null);
      setRecipient(null);
    },
    [toast],
  );

  const logout = useCallback(async () => {
    try {
      await api.post('/api/user/logout');
    } catch (error) {
      toast.show({ type: 'warning', title: errorMessage(error) });
      return;
    }
    setUser(null);
    setDialog(null);
    await revalidate();
  }, [revalidate, toast]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, isAuthenticated, openLogin, openProfileSettings, logout, registerLoginHook }),
    [user, isAuthenticated, openLogin, openProfileSettings, logout, registerLoginHook],
  );

  return (
    <AuthContext value={value}>
      {children}
      <GuestGuard isAuthenticated={isAuthenticated} />
      {dialogs && dialog === 'login' ? (
        <dialogs.LoginDialog
          isOpen
          onOpenChange={closeOn}
          onCodeSent={(sentTo) => {
            setRecipient(sentTo);
            setDialog('code');
          }}
        />
      ) : null}
      {dialogs && dialog === 'code' ? (
        <dialogs.CodeDialog
          isOpen
          onOpenChange={closeOn}
          recipient={recipient}
          onSignedIn={completeLogin}
          onChangeNumber={() => setDialog('login')}
        />
      ) : null}
      {dialogs && user && dialog === 'profile' ? (
        <dialogs.ProfileSettingsDialog
          isOpen
          onOpenChange={closeOn}
          user={user}
          onSaved={() => setDialog(null)}
        />
      ) : null}
    </AuthContext>
  );
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** Runs `hook` after every successful login while the calling component is mounted. */
export function useLoginHook(hook: LoginHook): void {
  const { registerLoginHook } = useAuth();
  const latest = useRef(hook);
  latest.current = hook;
  useEffect(() => registerLoginHook((user) => latest.current(user)), [registerLoginHook]);
}
