import { cloneElement, type ReactElement, type ReactNode, useEffect, useState } from 'react';
import { useLocation } from '#client/router/router.tsx';
import type { MenuParts } from './dropdown-menu.tsx';

type MenuModule = typeof import('./dropdown-menu.tsx');

let loading: Promise<MenuModule> | undefined;
const loadMenu = () => {
  loading ??= import('./dropdown-menu.tsx');
  return loading;
};

/**
 * A header dropdown: `trigger` is its button, `children` draws the entries with the parts it is
 * given. The menu's code (Radix) is fetched when the pointer or focus reaches the button and drawn
 * once the button is pressed, so it is not part of the first load. The menu closes whenever the
 * page changes.
 */
export function HeaderMenu({
  id,
  trigger,
  align,
  className,
  children,
}: {
  id: string;
  trigger: ReactElement<Record<string, unknown>>;
  align: 'start' | 'end';
  className: string;
  children: (parts: MenuParts) => ReactNode;
}) {
  const [module, setModule] = useState<MenuModule>();
  const [open, setOpen] = useState(false);
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on navigation
  useEffect(() => setOpen(false), [pathname, search]);

  const prefetch = () => void loadMenu();
  // The box holds the button at its own width in the header's row (full width in the phone menu).
  return (
    <div>
      {module ? (
        <module.Menu
          id={id}
          open={open}
          onOpenChange={setOpen}
          trigger={trigger}
          align={align}
          className={className}
        >
          {children}
        </module.Menu>
      ) : (
        cloneElement(trigger, {
          'aria-haspopup': 'menu',
          'aria-expanded': false,
          onPointerEnter: prefetch,
          onFocus: prefetch,
          onClick: () => {
            setOpen(true);
            void loadMenu().then((m) => setModule(() => m));
          },
        })
      )}
    </div>
  );
}
