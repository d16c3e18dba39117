import { FLASH_COOKIE, FLASH_MESSAGES, guestRedirectFor, isFlashKey } from '@core/rules/guards';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '~/components/ui/toast';

function readFlashCookie(): string | undefined {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${FLASH_COOKIE}=`));
  return entry?.slice(FLASH_COOKIE.length + 1);
}

/**
 * SPEC §6 in the browser. The server already redirects a guest who asks for an order or cabinet page (root
 * loader) and leaves a flash cookie for the warning; this shows that warning after the redirect, and moves a
 * customer who logs out while on such a page.
 */
export function GuestGuard({ isAuthenticated }: { isAuthenticated: boolean }) {
  const { pathname, key } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();

  // The location is the trigger: each page shown after a redirect looks for a flash once. Its key, not its
  // path: a guest sent from /basket to /order comes back to the same path (/basket) with a new key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger, not an input.
  useEffect(() => {
    const flash = readFlashCookie();
    if (flash === undefined) return;
    // biome-ignore lint/suspicious/noDocumentCookie: clearing our own flash cookie; the Cookie Store API is not in every browser.
    document.cookie = `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    if (isFlashKey(flash)) toast.show({ ...FLASH_MESSAGES[flash], id: `flash-${flash}` });
  }, [key, toast]);

  useEffect(() => {
    if (isAuthenticated) return;
    const redirect = guestRedirectFor(pathname);
    if (!redirect) return;
    if (redirect.flash) toast.show({ ...FLASH_MESSAGES[redirect.flash], id: `flash-${redirect.flash}` });
    void navigate(redirect.to, { replace: true });
  }, [isAuthenticated, pathname, navigate, toast]);

  return null;
}
