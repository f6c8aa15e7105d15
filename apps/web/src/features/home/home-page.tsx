import { useSession } from '../../lib/session';

/** Home: a welcome until the dashboard issue replaces it with the figures. */
export function HomePage() {
  const s = useSession();
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight">Welcome, {s?.user.name}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Manage users, quiz questions, gift cards, gift boxes, push notifications and complaint queries from the menu.
      </p>
    </section>
  );
}
