/** docs/behaviour.md §3: a default avatar is used when there is no picture. */
export function Avatar({ src, name, className = 'size-8' }: { src?: string | null; name: string; className?: string }) {
  if (src) return <img src={src} alt="" className={`${className} rounded-full object-cover`} />;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('');
  return (
    <span
      aria-hidden="true"
      data-testid="default-avatar"
      className={`${className} inline-flex items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700 dark:bg-indigo-900 dark:text-indigo-200`}
    >
      {initials || '?'}
    </span>
  );
}
