import { useRef } from 'react';
import { BadgedLabel, CounterBadge } from '~/components/ui/counter-badge';
import { Icon } from '~/components/ui/icon';
import { onFirstUse, useFirstUse } from '~/lib/on-first-use';
import { CABINET_BADGE_WHAT } from './cabinet';

/** The header's tools' look (app.css `.head-tool`), and pressed while its menu opens. */
export const CABINET_MENU_BUTTON_CLASS = 'head-tool data-[pressed]:bg-brand-50';

/** The button's face: the icon with the unread badge and 'Кабинет'. */
export function CabinetMenuButtonBody({ count }: { count: number }) {
  return (
    <>
      <span className="relative">
        <Icon name="user" className="size-6 text-ink" />
        <CounterBadge count={count} className="absolute -top-1.5 -right-2.5" />
      </span>
      <BadgedLabel label="Кабинет" count={count} what={CABINET_BADGE_WHAT} />
    </>
  );
}

// react-aria's menu, popover and their focus handling (about 25 KB) load on first use.
const popup = onFirstUse(() => import('./cabinet-menu-popup'));

/**
 * The header's 'Кабинет' (SPEC §2). Pages render a plain button; the dropdown's code (cabinet-menu-popup.tsx)
 * loads when the shopper reaches for it — a hover, a touch, a focus — and takes its place: open when the
 * button was pressed meanwhile (from the press's start), focused when it had the focus (ADR 044).
 */
export function CabinetMenu({ count = 0 }: { count?: number }) {
  const [loaded, request] = useFirstUse(popup);
  const button = useRef<HTMLButtonElement>(null);
  const wantsOpen = useRef(false);
  const askToOpen = () => {
    wantsOpen.current = true;
    request();
  };
  if (loaded) {
    // The light button is still on the page in this render: whether it has the focus is handed over.
    const hadFocus = button.current?.isConnected === true && document.activeElement === button.current;
    return <loaded.CabinetMenuPopup count={count} defaultOpen={wantsOpen.current} autoFocus={hadFocus} />;
  }
  return (
    <button
      ref={button}
      type="button"
      aria-haspopup="menu"
      aria-expanded="false"
      onPointerEnter={request}
      onTouchStart={request}
      onFocus={request}
      // The press's start asks for the menu, as react-aria's trigger opens on it: the dropdown's code may
      // arrive between the press and its release, and the release then ends on the dropdown's own button,
      // which takes no press it did not see begin, so a wish kept only by the click would be lost.
      onPointerDown={(event) => {
        if (event.button === 0) askToOpen();
      }}
      onClick={askToOpen}
      className={CABINET_MENU_BUTTON_CLASS}
    >
      <CabinetMenuButtonBody count={count} />
    </button>
  );
}
