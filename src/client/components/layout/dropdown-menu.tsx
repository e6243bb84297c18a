import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { Link } from '#client/router/links.tsx';

/*
 * The header's dropdowns on Radix's menu (arrow keys, typeahead, Escape and a click elsewhere close
 * it). Loaded when a menu is first opened, so its code stays out of the first load; header-menu.tsx
 * draws the button until then.
 */

const itemClass =
  'block w-full cursor-pointer px-4 py-2 text-left text-sm text-slate-800 no-underline outline-none hover:bg-field-100 hover:no-underline focus:bg-field-100 data-[disabled]:cursor-default data-[disabled]:opacity-60';

/** A menu entry that goes to a page of the site. */
function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild>
      <Link to={to} className={itemClass}>
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}

/** The pieces a menu's entries are drawn with. */
export const menuParts = { Link: MenuLink, Item: DropdownMenu.Item, Label: DropdownMenu.Label, itemClass };
export type MenuParts = typeof menuParts;

export function Menu({
  id,
  open,
  onOpenChange,
  trigger,
  align,
  className,
  children,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  align: 'start' | 'end';
  className: string;
  children: (parts: MenuParts) => ReactNode;
}) {
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger asChild aria-controls={open ? id : undefined}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        id={id}
        align={align}
        sideOffset={4}
        className={`z-40 rounded-md bg-white py-1 shadow-lg ring-1 ring-black/10 ${className}`}
      >
        {children(menuParts)}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
