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
import { useNavigate } from 'react-router';
import { useToast } from '~/components/ui/toast';
import { finishLogin } from './finish-login';
import type { SignedIn } from './login';
import type { CodeRecipient } from './login-form';
import { useOptionalUser } from './user';

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

export type OpenLoginOptions = {
  /** Where to go once signed in: the checkout a guest asked for with 'Оформить заказ' (issue 21). */
  afterLogin?: string;
};

export type AuthDialogsValue = {
  /** Opens the login popup ('Добро пожаловать'); after a login the customer goes to `afterLogin`, if given. */
  openLogin: (options?: OpenLoginOptions) => void;
  /** Opens profile settings ('Настройки профиля'); a guest gets the login popup instead. */
  openProfileSettings: () => void;
};

type Dialog = 'login' | 'code' | 'profile' | null;

const AuthDialogsContext = createContext<AuthDialogsValue | null>(null);

/**
 * The login, code and profile popups: which one is open is this provider's only state. Who is signed in is
 * the root loader's (`useOptionalUser`); the popups post to route actions, and the router then loads the
 * root again (docs/decisions/031).
 */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const user = useOptionalUser();
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
  const toast = useToast();
  const navigate = useNavigate();
  const isSignedIn = user !== null;
  // Where this login was asked to lead (set by the control that opened it, forgotten when it is closed).
  const afterLogin = useRef<string | null>(null);

  const openLogin = useCallback((options?: OpenLoginOptions) => {
    afterLogin.current = options?.afterLogin ?? null;
    setDialog('login');
  }, []);
  const openProfileSettings = useCallback(() => {
    afterLogin.current = null;
    setDialog(isSignedIn ? 'profile' : 'login');
  }, [isSignedIn]);
  const closeOn = useCallback((isOpen: boolean) => {
    if (isOpen) return;
    afterLogin.current = null;
    setDialog(null);
  }, []);

  // The login action has set the cookie, saved the guest's address and merged the guest basket, and the
  // router has loaded the page's data again (the header already shows the customer): what is left is the
  // browser's part.
  const completeLogin = useCallback(
    (signedIn: SignedIn) => {
      finishLogin(signedIn, toast);
      setDialog(null);
      setRecipient(null);
      const next = afterLogin.current;
      afterLogin.current = null;
      if (next) void navigate(next);
    },
    [toast, navigate],
  );

  const value = useMemo<AuthDialogsValue>(
    () => ({ openLogin, openProfileSettings }),
    [openLogin, openProfileSettings],
  );

  return (
    <AuthDialogsContext value={value}>
      {children}
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
    </AuthDialogsContext>
  );
}

export function useAuthDialogs(): AuthDialogsValue {
  const value = useContext(AuthDialogsContext);
  if (!value) throw new Error('useAuthDialogs must be used inside <AuthDialogsProvider>');
  return value;
}
