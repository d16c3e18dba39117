import { FLASH_COOKIE, FLASH_MESSAGES, flashToastId, isFlashKey } from '@core/rules/guards';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useToast } from '~/components/ui/toast';

function readFlashCookie(): string | undefined {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${FLASH_COOKIE}=`));
  return entry?.slice(FLASH_COOKIE.length + 1);
}

/**
 * Shows a flash message once, as a toast, on the page a redirect led to: the warning of a guest sent away
 * from an order page (SPEC §6, `requireUser`), or what a page action did ('Заказ оформлен'). The server puts
 * it in a short-lived cookie with the redirect; this reads and clears it.
 */
export function FlashToasts() {
  const { key } = useLocation();
  const toast = useToast();

  // The location is the trigger: each page shown after a redirect looks for a flash once. Its key, not its
  // path: a guest sent from /basket to /order comes back to the same path (/basket) with a new key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger, not an input.
  useEffect(() => {
    const flash = readFlashCookie();
    if (flash === undefined) return;
    // biome-ignore lint/suspicious/noDocumentCookie: clearing our own flash cookie; the Cookie Store API is not in every browser.
    document.cookie = `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    if (isFlashKey(flash)) toast.show({ ...FLASH_MESSAGES[flash], id: flashToastId(flash) });
  }, [key, toast]);

  return null;
}
