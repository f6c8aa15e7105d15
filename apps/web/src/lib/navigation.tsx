import { createContext, useContext, type AnchorHTMLAttributes, type ReactNode } from 'react';

/**
 * How the sign-in screen moves to another page of the portal, without depending on the router: on
 * `/login` opened cold it runs without it (login.html's own entry, src/sign-in.tsx, which hands
 * over to the portal when the screen leaves), inside the portal the router provides it
 * (app/router.tsx). docs/decisions/0019-portal-loading.md, fifth pass.
 */
export interface Navigation {
  /** To `to`, a path of ours, as a link's click does: a new entry in the history. */
  navigate(to: string): void;
}

const NavigationContext = createContext<Navigation | null>(null);

export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation: no NavigationProvider above this screen');
  return navigation;
}

type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A link to a page of ours: a plain click goes through the Navigation, as the router's Link does;
 * any other (a new tab, a modifier key, a handler that prevented it) is left to the browser.
 */
export function PageLink({ to, onClick, target, ...props }: PageLinkProps) {
  const navigation = useNavigation();
  return (
    <a
      {...props}
      href={to}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        const plain = e.button === 0 && !e.metaKey && !e.altKey && !e.ctrlKey && !e.shiftKey;
        if (e.defaultPrevented || !plain || (target && target !== '_self')) return;
        e.preventDefault();
        navigation.navigate(to);
      }}
    />
  );
}
