import { FLASH_COOKIE, flashToastId } from '@core/rules/guards';
import { useEffect, useRef } from 'react';
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
  const lookedAt = useRef<string | null>(null);

  // Each page shown looks for a flash once, by its location key, not its path: a guest sent from /basket to
  // /order comes back to the same path (/basket) with a new key.
  useEffect(() => {
    if (lookedAt.current === key) return;
    lookedAt.current = key;
    const flash = readFlashCookie();
    if (flash === undefined) return;
    // biome-ignore lint/suspicious/noDocumentCookie: clearing our own flash cookie; the Cookie Store API is not in every browser.
    document.cookie = `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    // The words load only now: a page without a flash (nearly every one) carries none of them.
    void import('@core/rules/flash-messages').then(({ FLASH_MESSAGES, isFlashKey }) => {
      if (isFlashKey(flash)) toast.show({ ...FLASH_MESSAGES[flash], id: flashToastId(flash) });
    });
  }, [key, toast]);

  return null;
}
